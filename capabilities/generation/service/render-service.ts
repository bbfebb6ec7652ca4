/** The files of a resource's service layer: the service module and the shared service errors. */
import type { CapabilityContext } from '../../../core/index.js';
import { renderTemplate, type GeneratedFile } from '../kit/index.js';
import { importPath, join, type ProjectStack } from './project-stack.js';
import type { ResourceModel } from './resource-model.js';

export interface ServicePaths {
  service: string;
  serviceErrors: string;
}

export function servicePaths(model: ResourceModel, stack: ProjectStack): ServicePaths {
  return { service: join(stack.dirs.services, `${model.kebab}-service.ts`), serviceErrors: join(stack.dirs.services, 'service-errors.ts') };
}

export interface RenderedFiles {
  files: GeneratedFile[];
  /** Template overrides found but not used, and why. */
  notes: string[];
}

export async function renderService(ctx: CapabilityContext, model: ResourceModel, stack: ProjectStack): Promise<RenderedFiles> {
  const paths = servicePaths(model, stack);
  const data = {
    m: model,
    hasDate: model.fields.some((f) => f.type === 'date'),
    imports: { serviceErrors: importPath(paths.service, paths.serviceErrors, stack.importExtension) },
  };
  const entity = await renderTemplate(ctx, 'service', 'entity-types.eta', data);
  const service = await renderTemplate(ctx, 'service', stack.driver === 'pg' ? 'service-pg.eta' : 'service-sqljs.eta', {
    ...data,
    entityTypes: entity.text,
  });
  const errors = await renderTemplate(ctx, 'service', 'service-errors.eta', data);
  return {
    files: [
      { path: paths.serviceErrors, content: errors.text },
      { path: paths.service, content: service.text },
    ],
    notes: [entity, service, errors].flatMap((r) => (r.note ? [r.note] : [])),
  };
}
