/**
 * Method and path -> operation, with find-my-way (Fastify's radix-tree router): each definition path
 * `/invoices/{invoiceId}` becomes the route `/invoices/:invoiceId`, and literal segments win over
 * parameters (`/receive-requests/receives` is not a receive request id). A path that exists with
 * other methods only is a 405, with them in `Allow`.
 */
import FindMyWay from 'find-my-way';
import type {Definition, Operation} from './definition.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type Route = {op: Operation; params: Record<string, string>} | {allow: string[]} | undefined;

export class Router {
  private readonly router = FindMyWay({ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 500});

  constructor(definition: Definition) {
    for (const op of definition.operations) {
      this.router.on(op.method as Method, op.path.replace(/\{([^}]+)\}/g, ':$1'), () => undefined, op);
    }
  }

  /** The operation for a request path under the base path (`/invoices/...`), or the methods the path allows. */
  route(method: string, path: string): Route {
    const found = METHODS.includes(method as Method) ? this.router.find(method as Method, path) : null;
    if (found) return {op: found.store as Operation, params: found.params as Record<string, string>};
    const allow = METHODS.filter((m) => m !== method && this.router.find(m, path));
    return allow.length > 0 ? {allow} : undefined;
  }
}
