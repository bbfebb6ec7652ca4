/** AngularJS (1.x): `$sce.trustAs*` marks a value as safe HTML/JS/URL; `$location` and route parameters are URL input. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'angularjs',
  title: 'AngularJS',
  modules: ['angular'],
  sources: {
    globals: { $routeParams: 'dom', $stateParams: 'dom' },
    globalCalls: {
      '$location.search': 'dom',
      '$location.hash': 'dom',
      '$location.url': 'dom',
      '$location.absUrl': 'dom',
      '$location.path': 'dom',
    },
  },
  options: [
    {
      callee: { method: ['enabled'], receiver: '\\$sceProvider$' },
      arg: 0,
      option: '',
      is: ['false'],
      ruleId: 'security/xss-autoescape-disabled',
      message: "AngularJS's strict contextual escaping is turned off ($sceProvider.enabled(false)): bound values are trusted as HTML.",
      fix: 'Keep $sce enabled; trust only sanitised values with $sce.trustAsHtml.',
    },
  ],
  sinks: [
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      callee: { method: ['trustAsHtml', 'trustAsJs', 'trustAsUrl', 'trustAsResourceUrl', 'trustAsCss'], receiver: '\\$sce$' },
      args: [0],
      dom: true,
      fix: 'Bind the value without $sce.trustAs* (ng-bind-html sanitises with ngSanitize).',
    },
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      callee: { method: ['trustAs'], receiver: '\\$sce$' },
      args: [1],
      dom: true,
      fix: 'Bind the value without $sce.trustAs* (ng-bind-html sanitises with ngSanitize).',
    },
  ],
};
