import { existsSync, readdirSync } from 'node:fs';
import { isGatewayModule, type GatewayModule } from './module';

const domains = new URL('./domains/', import.meta.url);

/**
 * Every domain under domains/ that has a `module.ts`, in name order: the schema builder and the context read this,
 * so adding a domain touches no central file (ADR 0206).
 */
export async function findModules(dir: URL = domains): Promise<GatewayModule[]> {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/module.ts`, dir)))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const loaded: unknown = await import(new URL(`${name}/module.ts`, dir).href);
      const found = typeof loaded === 'object' && loaded !== null && 'gatewayModule' in loaded && loaded.gatewayModule;
      if (!isGatewayModule(found)) throw new Error(`domains/${name}/module.ts must export a gatewayModule`);
      return found;
    }),
  );
}

export const gatewayModules: readonly GatewayModule[] = await findModules();
