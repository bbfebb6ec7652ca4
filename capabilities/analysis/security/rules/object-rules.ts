/** Documentation of the rules about input written into objects: prototype pollution and mass assignment. */
import type { RuleDoc } from '../../../../core/index.js';

export const OBJECT_RULES: RuleDoc[] = [
  {
    id: 'security/prototype-pollution',
    title: 'Input keys merged or set into objects (prototype pollution)',
    defaultSeverity: 'high',
    cwe: 'CWE-1321',
    category: 'injection',
    description:
      'Request input reaches a deep merge (`_.merge`, `_.defaultsDeep`, `$.extend(true, ...)`, deepmerge, merge-deep, deep-extend, mixin-deep, Hoek.merge), a path setter (`_.set`, set-value, dot-prop, object-path) as the path, or a nested computed assignment `obj[a][b] = v` as the first key; or a recursive merge function copies keys without refusing `__proto__`, `constructor` and `prototype`.',
    why: "A key `__proto__` (or `constructor.prototype`) writes into Object.prototype: every object in the process gains the attacker's properties (authorisation flags, template options, child_process options).",
    example: { bad: '_.merge(settings, req.body)', good: '_.merge(settings, _.pick(req.body, ["theme", "language"]))' },
    fix: 'Merge only known keys; refuse `__proto__`, `constructor` and `prototype`; merge into `Object.create(null)` or a Map.',
  },
  {
    id: 'security/mass-assignment',
    title: 'Whole request object written to a model or object',
    defaultSeverity: 'medium',
    cwe: 'CWE-915',
    category: 'injection',
    description:
      'A whole request object (`req.body`, `{ ...req.body }`, `JSON.parse(event.body)`) is passed to an ORM create/update (Mongoose, Sequelize, TypeORM, Prisma `data`), to `Object.assign(existing, ...)`, or written with both key and value from the request (`obj[req.body.key] = req.body.value`). Schema validators that strip unknown keys (zod, joi) and `_.pick` clear it.',
    why: 'The client can set fields it must not: `isAdmin`, `role`, `ownerId`, `balance`, `emailVerified`.',
    example: { bad: 'await User.create(req.body)', good: 'await User.create({ name: req.body.name, email: req.body.email })' },
    fix: 'Copy the fields the user may set (an allow-list or a validating schema), never the whole body.',
  },
];
