import { createApp } from 'vue'
import App from './App.vue'

const app = createApp(App)
if (app) {
	app.mount('#app')
}
