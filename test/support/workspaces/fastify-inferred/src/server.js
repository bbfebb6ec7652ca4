import Fastify from "fastify";
import { users } from "./schema.js";

const app = Fastify({ logger: true });

app.get("/users", async () => {
    for (const user of users) {
        if (user.active) {
            return user;
        }
    }
    return null;
});

export default app;
