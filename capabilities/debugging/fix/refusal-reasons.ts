/**
 * Why debugging.fix leaves a TypeScript error alone, by code: each names the decision a fix would take
 * (data; `test/capabilities/debugging/fix-refusals.test.ts` checks every code here is one debugging.fix
 * does not repair). Codes not listed are refused with the catalogue's title of the error.
 */
export const REFUSAL_REASONS: Record<number, string> = {
  18048: 'a possibly-undefined value needs a decision (a guard, a default or a different type); no fix is safe without knowing which',
  18047: 'a possibly-null value needs a decision (a guard or a default); no fix is safe without knowing which',
  2532: 'a possibly-undefined object needs a decision (a guard, a default or a different type)',
  2322: 'a type mismatch is fixed by changing either the value or the declared type; which one is a decision',
  2345: 'an argument type mismatch is fixed by changing either the argument or the parameter type; which one is a decision',
  2339: 'the property is not on the type and TypeScript suggests no close name: adding it to the type, narrowing the value or reading another property are different fixes, and which one is a decision',
  2741: 'a required property is missing: giving it a value or making it optional in the type is a decision',
  2554: "the call's argument count differs from the signature: passing the argument, or changing the signature, is a decision",
  2555: "the call's argument count differs from the signature: passing the argument, or changing the signature, is a decision",
  2305: 'the module does not export this name: which module was meant (or whether the export is missing) is a decision',
  2307: 'the module cannot be resolved: a missing dependency, a wrong path or a missing type declaration are different fixes, and which one applies is a decision',
  2344: "a type argument does not satisfy its parameter's constraint: constraining the argument, intersecting it or widening the constraint is a decision",
  2536: 'an index type is not a known key: constraining the key or the indexed type is a decision',
  2312: 'an interface extends a type without statically known members: rewriting it as a type alias changes the declaration, a decision',
  2790: "deleting a required property: making it optional or copying the object without it changes the type's meaning, a decision",
  2574: 'a rest element of a non-array type: the type parameter needs a constraint, which is a decision',
  2550: "the API is in a newer ECMAScript library than the tsconfig's `lib`: raising `lib`/`target` is a project setting, not a code fix",
  6133: 'an unused declaration: deleting it (or prefixing `_`) is a decision about code that may be work in progress',
  6196: 'an unused declaration: deleting it is a decision about code that may be work in progress',
  7006: 'a parameter without a type: which type it has is a decision (an `any` annotation would only silence the check)',
  7031: 'a binding element without a type: which type it has is a decision (an `any` annotation would only silence the check)',
  7053: 'an index with a type that is not a key of the object: narrowing the key or widening the object type is a decision',
  2769: 'no overload matches the call: which overload was meant, and what to change for it, is a decision',
  2353: 'an object literal has a property the type does not declare: removing it or adding it to the type is a decision',
  2416: "a member is not assignable to the base type's: which of the two declarations is right is a decision",
  2564: 'a property has no initializer: initialising it, marking it optional or definitely assigned is a decision',
};
