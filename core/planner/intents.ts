/**
 * The intents table: every intent the planner recognises, the capability it plans, and the keywords
 * (with weights) that point to it. A keyword is one word or a phrase of words in order (stop words
 * ignored); a word ending in "!" must be written exactly (no typo tolerance: "smell" is one typo from
 * "small"). Keywords are matched against plain words only, never against paths or code names.
 */

export type IntentFamily = 'analysis' | 'refactoring' | 'verify' | 'generation' | 'testing' | 'documentation' | 'debugging';

export interface IntentDef {
  id: string;
  family: IntentFamily;
  /** Capability ids in preference order: the first registered one is planned, else the first is shown unavailable. */
  capabilities: string[];
  /** Short description used in questions and summaries ("audit security"). */
  label: string;
  keywords: [phrase: string, weight: number][];
}

const k = (spec: string): [string, number][] =>
  spec.split(',').map((entry) => {
    const [phrase, weight] = entry.split('=');
    return [phrase!.trim(), Number(weight ?? 3)];
  });

export const INTENTS: readonly IntentDef[] = [
  // analysis
  { id: 'audit-security', family: 'analysis', capabilities: ['analysis.security'], label: 'audit security',
    keywords: k('security,secure,insecure,vulnerability,vulnerable,vuln,vulns,audit=1.5,injection,xss,secret=2.5,hardcoded=2.5,csrf,cve,cwe,exploit,attack=2,owasp,sanitize=2,password=2,jwt=2,cors=2,cookie=1.5,crypto=2,cryptography=2.5,pentest,safe=1.5,unsafe=2.5,hack=2') },
  { id: 'assess-quality', family: 'analysis', capabilities: ['analysis.quality'], label: 'assess code quality',
    keywords: k('quality,review=2.5,grade,score=2.5,health=2,technical debt,debt=2.5,maintainability=2,maintainable=2.5,assess=1.5,evaluate=1.5,rate=1.5,report card') },
  { id: 'find-performance', family: 'analysis', capabilities: ['analysis.performance'], label: 'find performance problems',
    keywords: k('performance,perf,slow,slowness,fast=2.5,faster=2.5,speed=2.5,optimize=2.5,optimise=2.5,bottleneck,memory leak,leak,bundle=2.5,bundle size,render=2,rerender,re render,memoization=2.5,memoize=2.5,efficient=2.5,inefficient,latency=2,query=1.5,queries=1.5') },
  { id: 'complexity', family: 'analysis', capabilities: ['analysis.complexity'], label: 'measure complexity',
    keywords: k('complexity,complex=2.5,cyclomatic,cognitive,maintainability index,complicated=2.5,convoluted=2.5') },
  { id: 'smells', family: 'analysis', capabilities: ['analysis.smells'], label: 'find code smells',
    keywords: k('smell!=3.5,smelly!=3.5,magic number,long function,long parameter,parameter list,dead=2,unused export,large class,god class,antipattern,anti pattern,flag parameter,deep nesting=2.5') },
  { id: 'duplication', family: 'analysis', capabilities: ['analysis.duplication'], label: 'find duplicated code',
    keywords: k('duplication,duplicate=2.5,duplicated,clone,clones,copy paste,copied=2.5,repeated=2,repetition=2.5,jscpd') },
  { id: 'naming', family: 'analysis', capabilities: ['analysis.naming'], label: 'check naming',
    keywords: k('naming!=3,names!=2.5,name convention,naming convention,camelcase,pascalcase,identifier=2,variable names') },
  { id: 'structure', family: 'analysis', capabilities: ['analysis.structure'], label: 'analyse the project structure',
    keywords: k('structure,structured=2.5,orphan,circular import,layout=2,organization=2.5,organisation=2.5,organized=2.5,organised=2.5,mixed concerns,architecture=1.5') },
  { id: 'dependencies', family: 'analysis', capabilities: ['analysis.dependencies'], label: 'analyse dependencies',
    keywords: k('dependencies,dependency,deps,package=2,packages=2,circular dependency,dependency graph,npm=2,imports=1.5') },
  { id: 'lint', family: 'analysis', capabilities: ['analysis.lint'], label: 'run the linter',
    keywords: k('lint,linter,linting,eslint,style issues=2.5') },
  // refactoring
  { id: 'suggest', family: 'refactoring', capabilities: ['refactoring.suggest'], label: 'suggest refactorings',
    keywords: k('suggest=2,suggestion=2.5,refactor=2,recommend=2,recommendation=2.5,ideas=1.5,opportunity=2,what refactor=3') },
  { id: 'rename', family: 'refactoring', capabilities: ['refactoring.rename'], label: 'rename a symbol or file', keywords: k('rename=4,change name=4') },
  { id: 'extract', family: 'refactoring', capabilities: ['refactoring.extract-function'], label: 'extract a function',
    keywords: k('extract=4,pull out=3,pull=2,lines=1.5,factor out=3.5') },
  { id: 'move', family: 'refactoring', capabilities: ['refactoring.move'], label: 'move a declaration', keywords: k('move=3.5,relocate=3.5') },
  { id: 'modernize', family: 'refactoring', capabilities: ['refactoring.modernize'], label: 'modernise the code',
    keywords: k('modernize=4,modernise=4,modern=3,legacy=2,es modules,esm,commonjs,cjs,async await=3,await=2,promise=1.5,callback=2,template literal,concatenation=2.5,var=2,let=1.5,const=1.5,outdated=2.5,es6=3,upgrade syntax') },
  { id: 'dedupe', family: 'refactoring', capabilities: ['refactoring.dedupe'], label: 'remove duplicated code',
    keywords: k('dedupe=6,deduplicate!=6,dedup=6,remove duplicate=6.5,remove duplication=6.5,merge duplicate=6.5,eliminate duplicate=6.5,eliminate duplication=6.5,consolidate duplicate=6.5,get rid duplicate=6.5,dry up=6') },
  { id: 'simplify', family: 'refactoring', capabilities: ['refactoring.simplify'], label: 'simplify the code',
    keywords: k('simplify=4,simpler=3,clean up=3,cleanup=3,tidy=3,unused import=3.5,unused variable=3.5,remove dead=3.5,unreachable=3,guard clause,nested conditional,nested if=3,boolean logic,boolean expression') },
  { id: 'verify', family: 'verify', capabilities: ['testing.run', 'refactoring.verify'], label: 'run the tests',
    keywords: k('verify=3,run test=4,run spec=4,tests pass=4,test pass=4,test suite=3,execute test=4,type check test=5,typecheck test=5') },
  // generation
  { id: 'gen-component', family: 'generation', capabilities: ['generation.component'], label: 'generate a component',
    keywords: k('component=2.5,page=2.5,screen=2.5,widget=2.5,ui=1.5,view=1.5,card=1.5,modal=2,dialog=2,navbar=2,sidebar=2,dashboard=2.5') },
  { id: 'gen-hook', family: 'generation', capabilities: ['generation.hook'], label: 'generate a React hook', keywords: k('hook=3,custom hook=4') },
  { id: 'gen-api-route', family: 'generation', capabilities: ['generation.api-route'], label: 'generate REST route handlers',
    keywords: k('endpoint=3,endpoints=3,route=2.5,routes=2.5,rest api=3.5,rest=2,api=1.5,handler=2,controller=2.5') },
  { id: 'gen-crud', family: 'generation', capabilities: ['generation.crud-resource'], label: 'generate a CRUD resource', keywords: k('crud=5,resource=2') },
  { id: 'gen-schema', family: 'generation', capabilities: ['generation.db-schema'], label: 'generate a database schema',
    keywords: k('database schema=4,db schema=4,schema=2.5,table=2,prisma=2,drizzle=2,mongoose=2,sql=1.5,model=2') },
  { id: 'gen-migration', family: 'generation', capabilities: ['generation.migration'], label: 'generate a migration', keywords: k('migration=4') },
  { id: 'gen-types', family: 'generation', capabilities: ['generation.types'], label: 'generate TypeScript types',
    keywords: k('types=2.5,typings=3,interface=2,interfaces=2,type definition=3.5,typescript type=3.5') },
  { id: 'gen-validator', family: 'generation', capabilities: ['generation.validator'], label: 'generate a runtime validator',
    keywords: k('validator=3.5,validation=2.5,zod=3,yup=3,ajv=3') },
  { id: 'gen-service', family: 'generation', capabilities: ['generation.service'], label: 'generate a service module', keywords: k('service=3,repository=3') },
  { id: 'gen-client', family: 'generation', capabilities: ['generation.client'], label: 'generate an HTTP client', keywords: k('client=3,sdk=3.5,api client=4') },
  { id: 'gen-config', family: 'generation', capabilities: ['generation.config'], label: 'generate tooling config',
    keywords: k('config=3,configuration=3,tsconfig=3.5,eslint config=4,prettier=3,editorconfig=3.5,ci workflow=4,github actions=4,ci=2.5') },
  { id: 'gen-scaffold', family: 'generation', capabilities: ['generation.scaffold'], label: 'scaffold from a template', keywords: k('scaffold=4,template=2.5,boilerplate=4') },
  // testing
  { id: 'test-unit', family: 'testing', capabilities: ['testing.unit'], label: 'write unit tests', keywords: k('unit test=4.5,unit=2,test=1.5,spec=1.5') },
  { id: 'test-integration', family: 'testing', capabilities: ['testing.integration'], label: 'write integration tests',
    keywords: k('integration=3.5,integration test=4.5,supertest=4,api test=4,route test=4') },
  { id: 'test-e2e', family: 'testing', capabilities: ['testing.e2e'], label: 'write end-to-end tests',
    keywords: k('e2e=4.5,end to end=4.5,playwright=4.5,cypress=4,browser test=4.5') },
  { id: 'test-component', family: 'testing', capabilities: ['testing.component'], label: 'write component tests',
    keywords: k('component test=5,testing library=5') },
  { id: 'test-fixtures', family: 'testing', capabilities: ['testing.fixtures'], label: 'generate test fixtures',
    keywords: k('fixture=3.5,fixtures=3.5,factory=3,factories=3,mock=3,mocks=3,test data=4') },
  { id: 'test-coverage', family: 'testing', capabilities: ['testing.coverage'], label: 'measure test coverage', keywords: k('coverage=4.5,uncovered=4.5,covered=2') },
  { id: 'test-gaps', family: 'testing', capabilities: ['testing.gaps'], label: 'find untested code',
    keywords: k('test gap=5,untested=4.5,gaps=2.5,missing test=4.5,not tested=4.5') },
  // documentation
  { id: 'doc-readme', family: 'documentation', capabilities: ['documentation.readme'], label: 'write a README', keywords: k('readme=5') },
  { id: 'doc-api', family: 'documentation', capabilities: ['documentation.api'], label: 'write API docs',
    keywords: k('document the api=5,document api=5,api doc=4.5,api reference=4.5,api documentation=4.5,typedoc=4.5,openapi=4,swagger=4,docs=2.5,documentation=2.5,reference=2') },
  { id: 'doc-inline', family: 'documentation', capabilities: ['documentation.inline'], label: 'add doc comments',
    keywords: k('jsdoc=4.5,tsdoc=4.5,doc comment=4.5,comments=2.5,docstring=4,document=3,annotate=2') },
  { id: 'doc-examples', family: 'documentation', capabilities: ['documentation.examples'], label: 'write usage examples',
    keywords: k('example=3,usage example=4.5') },
  { id: 'doc-architecture', family: 'documentation', capabilities: ['documentation.architecture'], label: 'draw an architecture diagram',
    keywords: k('architecture diagram=5,diagram=3.5,mermaid=4.5,architecture=2') },
  { id: 'doc-contributing', family: 'documentation', capabilities: ['documentation.contributing'], label: 'write contributing guidelines',
    keywords: k('contributing=5,contribution guide=5,contributor=3.5,contribution=3') },
  // debugging
  { id: 'debug-typecheck', family: 'debugging', capabilities: ['debugging.typecheck'], label: 'type-check the project',
    keywords: k('typecheck=4.5,type check=4.5,type error=4.5,type errors=4.5,tsc=4,compile error=4,compiler error=4,type checking=4.5') },
  { id: 'debug-trace', family: 'debugging', capabilities: ['debugging.trace'], label: 'trace calls and values',
    keywords: k('trace=3.5,who calls=4.5,callers=4.5,call graph=4.5,usages=3.5,references=2.5,where come from=4,data flow=3.5') },
  { id: 'debug-reproduce', family: 'debugging', capabilities: ['debugging.reproduce'], label: 'reproduce a bug', keywords: k('reproduce=6,repro=6,reproduction=6') },
  { id: 'debug-diagnose', family: 'debugging', capabilities: ['debugging.diagnose'], label: 'diagnose an error',
    keywords: k('diagnose=4,debug=3.5,root cause=4,crash=3,crashes=3,exception=2.5,stack trace=3.5,error=2,bug=2.5,failing=2,throw=3,throws=3,thrown=3,throwing=3') },
  { id: 'debug-explain', family: 'debugging', capabilities: ['debugging.explain'], label: 'explain an error', keywords: k('explain=3,why=1.5,meaning=2,what mean=2.5') },
  { id: 'debug-fix', family: 'debugging', capabilities: ['debugging.fix'], label: 'fix an error', keywords: k('fix=2,broken=2,repair=2.5,resolve=1.5') },
];

export function intentById(id: string): IntentDef {
  const found = INTENTS.find((i) => i.id === id);
  if (!found) throw new Error(`planner: no intent "${id}"`);
  return found;
}
