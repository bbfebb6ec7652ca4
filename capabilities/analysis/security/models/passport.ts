/** Passport: `passport.session()` keeps the login in the session cookie (a CSRF concern for state-changing routes). */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'passport',
  title: 'Passport sessions',
  modules: ['passport'],
  roles: ['cookieSession'],
};
