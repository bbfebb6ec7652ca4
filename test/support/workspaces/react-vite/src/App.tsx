import styles from './App.module.css'
import { theme } from './theme'

export function App() {
  return <main className={styles.main} style={{ color: theme.text }}>Hello</main>
}
