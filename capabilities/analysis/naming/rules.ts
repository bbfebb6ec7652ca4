/** The documentation of every analysis.naming rule (meta.rules). */
import type { RuleDoc } from '../../../core/index.js';

const rule = (
  id: string,
  title: string,
  description: string,
  bad: string,
  good: string,
  fix: string,
  why = 'Names in one consistent style let readers tell kinds of things apart at a glance and find them by search.',
): RuleDoc => ({
  id,
  title,
  defaultSeverity: 'low',
  category: 'naming',
  description,
  why,
  example: { bad, good },
  fix,
});

export const NAMING_RULES: RuleDoc[] = [
  rule(
    'naming/variable-case',
    'Variable naming convention',
    'A variable (let/var, or a const inside a function) is not in the allowed style (default camelCase; any const may also be UPPER_CASE; PascalCase is accepted for components, classes and values made by memo/forwardRef/styled/createContext/lazy).',
    'let user_name = "";',
    'let userName = "";',
    'Rename the variable in the allowed style (refactoring.rename updates every reference).',
  ),
  rule(
    'naming/function-case',
    'Function naming convention',
    'A function is not in the allowed style (default camelCase; functions returning JSX and constructor functions using `this` may be PascalCase).',
    'function Load_Orders() {}',
    'function loadOrders() {}',
    'Rename the function in the allowed style.',
  ),
  rule(
    'naming/parameter-case',
    'Parameter naming convention',
    'A parameter is not in the allowed style (default camelCase).',
    'function find(Order_Id) {}',
    'function find(orderId) {}',
    'Rename the parameter in the allowed style.',
  ),
  rule(
    'naming/constant-case',
    'Module constant naming convention',
    'A module-level const is not in the allowed styles (default UPPER_CASE or camelCase).',
    'const max_retries = 3;',
    'const MAX_RETRIES = 3;',
    'Rename the constant in one of the allowed styles.',
  ),
  rule(
    'naming/type-case',
    'Type naming convention',
    'A class, interface, type alias or enum is not in the allowed style (default PascalCase).',
    'interface order_row {}',
    'interface OrderRow {}',
    'Rename the type in PascalCase.',
  ),
  rule(
    'naming/enum-member-case',
    'Enum member naming convention',
    'An enum member is not in the allowed styles (default PascalCase or UPPER_CASE).',
    'enum Color { dark_red }',
    'enum Color { DarkRed }',
    'Rename the member in an allowed style.',
  ),
  rule(
    'naming/member-case',
    'Class member naming convention',
    'A class method or field is not in the allowed style (default camelCase; static or readonly fields may be UPPER_CASE).',
    'class Cart { Add_Item() {} }',
    'class Cart { addItem() {} }',
    'Rename the member in the allowed style.',
  ),
  rule(
    'naming/file-name',
    'File naming convention',
    "A file name (without extensions and .test/.spec suffixes) is not in the configured style or, by default, the project's dominant style among multi-word names (kebab-case when there are none). Component files (.tsx/.jsx exporting a PascalCase component) may be PascalCase and hook files (useThing) camelCase.",
    'src/services/OrderService.ts (in a kebab-case project)',
    'src/services/order-service.ts',
    'Rename the file and update its imports (refactoring.move does both).',
  ),
  rule(
    'naming/inconsistent',
    'Inconsistent naming',
    'The same words are spelt in snake_case in some bindings and camelCase in others across the project (`user_id` and `userId`); the less common spelling is reported. Object keys and destructured names are not counted: they mirror external data.',
    'const order_total = sum(lines);\n// elsewhere: let orderTotal = 0;',
    'const orderTotal = sum(lines);',
    "Use the project's dominant spelling everywhere.",
    'Two spellings of one concept make searches miss and suggest two different things.',
  ),
  rule(
    'naming/meaningless',
    'Meaningless name',
    'A declared name says nothing about its content: data, tmp, temp, foo, bar, obj, val, ... (also with a trailing number, like data2), or a single letter outside a loop header, a lambda or catch parameter (x, y, z and _ are allowed).',
    'const d = await load();\nconst tmp2 = d.items;',
    'const order = await load();\nconst lines = order.items;',
    'Rename it after what it holds or does.',
    'A name is the first documentation a reader gets; a placeholder name forces them to read the code to learn what it holds.',
  ),
];

export const NAMING_RULE_IDS = NAMING_RULES.map((r) => r.id);
