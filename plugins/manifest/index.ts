/** Plugin manifests and loading: data only, no plugin code runs here. */
export { MANIFEST_SCHEMA, SDK_VERSION, type PluginManifest } from './manifest-schema.js';
export { readPlugin, type LoadedPlugin, type PluginCapability } from './read-plugin.js';
export { registerPlugins, PLUGIN_RUNNER, type PluginReport } from './register-plugins.js';
export { addPluginChecks } from './plugin-checks.js';
