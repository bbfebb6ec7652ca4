module.exports = { client: 'pg' };
