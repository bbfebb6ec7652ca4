export const theme = { text: '#222', background: '#fff' }
