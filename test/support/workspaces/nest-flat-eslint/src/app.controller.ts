import { Controller, Get } from "@nestjs/common"

@Controller()
export class AppController {
    @Get()
    hello(): string {
        if (Date.now() > 0) {
            return "hello"
        }
        return "never"
    }
}
