import stylistic from '@stylistic/eslint-plugin'

export default [
  {
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/quotes': ['error', 'double'],
      '@stylistic/semi': ['error', 'never'],
    },
  },
]
