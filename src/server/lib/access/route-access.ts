import type { ResourceName } from './resources.ts';

// What a route's path parameters (and body fields) name, declared on the route
// (`config: { access: … }`), so the route-table IDOR test knows what to create for one user and
// request as another:
//   { params: { id: 'project' }, body: { searchId: 'search' } }  each parameter or body field → its resource
//   'admin'                                                     admin-only routes (guarded by role)
//   'public'                                                    the parameter is itself the credential (a share token)
//   'api-key'                                                   /api/v1: the API key names the owner (api-v1.test.ts attacks them)
//   { params: { id: 'catalogue' } }                             a shared catalogue row every signed-in user may read
//                                                               (a library resource, a review): nobody owns it, so
//                                                               the IDOR test attacks only the route's owned fields
// A route with a path parameter and no declaration fails that test.

export type RouteAccess =
  | { params: Record<string, ResourceName | 'catalogue'>; body?: Record<string, ResourceName> }
  | 'admin'
  | 'public'
  | 'api-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
