module.exports = { content: ['./app/**/*.tsx'] };
