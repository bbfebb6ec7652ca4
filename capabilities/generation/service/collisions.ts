/** Refuses a generated export name another project file already exports (a second TodoService). */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { collidingExport, type OnExisting } from '../kit/index.js';

/** `ownFiles`: the files this generation writes (regenerating them is not a collision). */
export async function refuseCollision(
  ctx: CapabilityContext,
  name: string,
  ownFiles: string[],
  onExisting: OnExisting = 'refuse',
): Promise<void> {
  if (onExisting === 'propose') return;
  const file = await collidingExport(ctx, name, ownFiles);
  if (file) {
    throw new AgentdError('invalid_input', `resource: ${file} already exports ${name}; choose another resource name`, {
      details: [{ path: '/resource', message: `${name} exists in ${file}` }],
    });
  }
}
