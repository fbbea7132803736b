import {
  addAssembly,
  addProject,
  attachProductsToAssembly,
  attachProductsToProject,
  detachProductFromAssembly,
  getProject,
  hideAssembly,
  listProjects,
  updateAssembly,
  updateProject,
  updateProjectVisibility,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { ProjectsService } from './projects.service.ts';

export function registerProjectRoutes(router: Router, projects: ProjectsService): void {
  router.route(listProjects, async ({ actor, query }) => ({
    projects: await projects.list(actor, query.companyId),
  }));

  router.route(getProject, async ({ actor, params }) => ({
    project: await projects.get(actor, params.id),
  }));

  router.route(addProject, async ({ actor, body, files }) => ({
    data: await projects.add(actor, body, files.cover?.[0]),
  }));

  router.route(updateProject, async ({ actor, params, body, files }) => ({
    project: await projects.update(actor, params.id, body, files.cover?.[0]),
  }));

  router.route(updateProjectVisibility, async ({ actor, params, body }) => ({
    project: await projects.setVisibility(actor, params.id, body.visible),
  }));

  router.route(attachProductsToProject, async ({ actor, params, body }) => ({
    project: await projects.attachProducts(actor, params.id, body.products),
  }));

  router.route(addAssembly, ({ actor, params, body }) =>
    projects.addAssembly(actor, params.id, body),
  );

  router.route(updateAssembly, ({ actor, params, body }) =>
    projects.renameAssembly(actor, params.id, params.aid, body.title),
  );

  router.route(attachProductsToAssembly, ({ actor, params, body }) =>
    projects.attachToAssembly(actor, params.id, params.aid, body.products),
  );

  router.route(detachProductFromAssembly, ({ actor, params, body }) =>
    projects.detachFromAssembly(actor, params.id, params.aid, body.product_id),
  );

  router.route(hideAssembly, ({ actor, params, body }) =>
    projects.hideAssembly(actor, params.id, params.aid, body.hidden),
  );
}
