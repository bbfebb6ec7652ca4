export const theme = { primary: 'rebeccapurple' };
