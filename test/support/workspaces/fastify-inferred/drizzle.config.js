export default { schema: './src/schema.js' };
