// OPS-30: docker-compose.yml is the topology CI runs without Docker (tests/testkit/topology.ts): the same services,
// ports and variables, and the load balancer's addresses written from the same description. A variable added to
// one and not the other fails here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  COMPOSE,
  GATEWAYS,
  REDIS_ARGS,
  SERVICES,
  gatewayEnv,
  nginxAddressesConf,
  nginxListenConf,
  upstreamEnv,
} from './testkit/topology';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

const service = z.object({
  image: z.string().optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
  depends_on: z.union([z.array(z.string()), z.record(z.string(), z.object({ condition: z.string() }))]).optional(),
});
const composeFile = z.object({ services: z.record(z.string(), service) });

// YAML merge keys (`<<: *gateway`, `gateway-1: *gateway`) resolved as compose resolves them.
const compose = composeFile.parse(parse(read('docker-compose.yml'), { merge: true }));
const SECRET = 'the-secret-compose-asks-the-shell-for';

/** Compose's interpolation: `${NAME:?message}` takes the shell's value (here SECRET), `${NAME:-default}` the default. */
function interpolate(environment: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment ?? {}).map(([name, value]) => [
      name,
      value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, variable: string, kind?: string, rest?: string) => {
        if (variable === 'UPSTREAM_SECRET') return SECRET;
        if (kind === '-') return rest ?? '';
        throw new Error(`${name}: \${${variable}} has no default and is not the secret`);
      }),
    ]),
  );
}

describe('OPS-30: docker-compose.yml and the topology CI runs', () => {
  it('has the same services', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...SERVICES].sort());
  });

  it('gives the upstream the variables the topology gives it, with the same values on the compose network', () => {
    expect(interpolate(compose.services.upstream?.environment)).toEqual(upstreamEnv(COMPOSE, SECRET));
  });

  it('gives each gateway replica the variables the topology gives it', () => {
    GATEWAYS.forEach((name, replica) => {
      expect(interpolate(compose.services[name]?.environment), name).toEqual(
        gatewayEnv(COMPOSE, replica === 0 ? 0 : 1, SECRET),
      );
    });
  });

  it('runs Redis with nothing kept on disk, as the topology does', () => {
    expect(compose.services.redis?.command).toEqual(['redis-server', ...REDIS_ARGS]);
  });

  it('points the upstream at the compose database the topology names', () => {
    const postgres = compose.services.postgres?.environment ?? {};
    const url = new URL(COMPOSE.databaseUrl);
    expect(url.hostname).toBe('postgres');
    expect(url.password).toBe(postgres.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
  });

  it('mounts deploy/nginx.conf and the addresses the topology writes for the compose network', () => {
    const lb = compose.services.lb;
    expect(lb?.volumes).toEqual([
      './deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro',
      './deploy/nginx-compose:/etc/nginx/marketplace:ro',
    ]);
    expect(read('deploy/nginx-compose/addresses.conf')).toBe(nginxAddressesConf(COMPOSE));
    expect(read('deploy/nginx-compose/listen.conf')).toBe(nginxListenConf(COMPOSE));
  });

  it('publishes the load balancer on the port of PUBLIC_URL, and it listens where the addresses say', () => {
    const publicPort = new URL(COMPOSE.publicUrl).port;
    expect(compose.services.lb?.ports).toEqual([`${publicPort}:${COMPOSE.listen}`]);
    // Only the load balancer is published: the replicas, the upstream and the stores are reached on the network.
    for (const name of SERVICES.filter((s) => s !== 'lb')) expect(compose.services[name]?.ports, name).toBeUndefined();
  });

  it('keeps every address of deploy/nginx.conf in the included files, so CI runs the file unchanged', () => {
    const conf = read('deploy/nginx.conf');
    expect(conf).toContain('include marketplace/addresses.conf;');
    expect(conf).toContain('include marketplace/listen.conf;');
    // No host name and no listen port of one environment in the shared file.
    expect(conf).not.toMatch(/\blisten\s+\d/);
    expect(conf).not.toMatch(/proxy_pass\s+http:\/\/[\w.-]+:\d+/);
  });
});
