/** Every library model (one file each in this folder), in the order their sinks are tried. */
import type { LibraryModel } from './types.js';
import { model as angular } from './angular.js';
import { model as angularjs } from './angularjs.js';
import { model as awsLambda } from './aws-lambda.js';
import { model as axios } from './axios.js';
import { model as browserDom } from './browser-dom.js';
import { model as cookieParser } from './cookie-parser.js';
import { model as cookieSession } from './cookie-session.js';
import { model as cors } from './cors.js';
import { model as credentialsInClients } from './credentials-in-clients.js';
import { model as crossSpawn } from './cross-spawn.js';
import { model as csrfMiddleware } from './csrf-middleware.js';
import { model as deepMerge } from './deep-merge.js';
import { model as deserializers } from './deserializers.js';
import { model as dot } from './dot.js';
import { model as ejs } from './ejs.js';
import { model as eta } from './eta.js';
import { model as execa } from './execa.js';
import { model as express } from './express.js';
import { model as expressJwt } from './express-jwt.js';
import { model as expressSession } from './express-session.js';
import { model as fastify } from './fastify.js';
import { model as fetch } from './fetch.js';
import { model as got } from './got.js';
import { model as handlebars } from './handlebars.js';
import { model as hapi } from './hapi.js';
import { model as headlessBrowsers } from './headless-browsers.js';
import { model as htmlSanitizers } from './html-sanitizers.js';
import { model as javascript } from './javascript.js';
import { model as jquery } from './jquery.js';
import { model as jsonwebtoken } from './jsonwebtoken.js';
import { model as knex } from './knex.js';
import { model as koa } from './koa.js';
import { model as libxmljs } from './libxmljs.js';
import { model as liquidjs } from './liquidjs.js';
import { model as lodash } from './lodash.js';
import { model as mongodb } from './mongodb.js';
import { model as mongoose } from './mongoose.js';
import { model as mustache } from './mustache.js';
import { model as mysql } from './mysql.js';
import { model as nextjs } from './nextjs.js';
import { model as nodeChildProcess } from './node-child-process.js';
import { model as nodeCrypto } from './node-crypto.js';
import { model as nodeFs } from './node-fs.js';
import { model as nodeHttp } from './node-http.js';
import { model as nodeTls } from './node-tls.js';
import { model as nodeVm } from './node-vm.js';
import { model as nunjucks } from './nunjucks.js';
import { model as passport } from './passport.js';
import { model as pg } from './pg.js';
import { model as pgPromise } from './pg-promise.js';
import { model as prisma } from './prisma.js';
import { model as pug } from './pug.js';
import { model as react } from './react.js';
import { model as request } from './request.js';
import { model as schemaValidators } from './schema-validators.js';
import { model as sequelize } from './sequelize.js';
import { model as shellQuote } from './shell-quote.js';
import { model as shelljs } from './shelljs.js';
import { model as socketsAndMessages } from './sockets-and-messages.js';
import { model as sqlClients } from './sql-clients.js';
import { model as sqlite } from './sqlite.js';
import { model as typeorm } from './typeorm.js';
import { model as validator } from './validator.js';
import { model as vm2 } from './vm2.js';
import { model as websocket } from './websocket.js';
import { model as xpath } from './xpath.js';

export const MODELS: readonly LibraryModel[] = [
  angular,
  angularjs,
  awsLambda,
  axios,
  browserDom,
  cookieParser,
  cookieSession,
  cors,
  credentialsInClients,
  crossSpawn,
  csrfMiddleware,
  deepMerge,
  deserializers,
  dot,
  ejs,
  eta,
  execa,
  express,
  expressJwt,
  expressSession,
  fastify,
  fetch,
  got,
  handlebars,
  hapi,
  headlessBrowsers,
  htmlSanitizers,
  javascript,
  jquery,
  jsonwebtoken,
  knex,
  koa,
  libxmljs,
  liquidjs,
  lodash,
  mongodb,
  mongoose,
  mustache,
  mysql,
  nextjs,
  nodeChildProcess,
  nodeCrypto,
  nodeFs,
  nodeHttp,
  nodeTls,
  nodeVm,
  nunjucks,
  passport,
  pg,
  pgPromise,
  prisma,
  pug,
  react,
  request,
  schemaValidators,
  sequelize,
  shellQuote,
  shelljs,
  socketsAndMessages,
  sqlClients,
  sqlite,
  typeorm,
  validator,
  vm2,
  websocket,
  xpath,
];
