import {
  adminConfirmUserEmail,
  adminGetCompany,
  adminGetUser,
  adminListAudit,
  adminListCompanies,
  adminListErrorReports,
  adminListUsers,
  adminPreviewPriceBook,
  adminPriceBooks,
  adminPublishPriceBook,
  adminSendPasswordReset,
  adminSetCompanyCurrency,
  adminSetOrderStatus,
  adminSetUserDisabled,
  adminUpdateUser,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { AdminService } from './admin.service.ts';

export function registerAdminRoutes(router: Router, admin: AdminService): void {
  router.route(adminListUsers, ({ actor, query }) => admin.listUsers(actor, query));

  router.route(adminGetUser, async ({ actor, params }) => ({
    user: await admin.getUser(actor, params.id),
  }));

  router.route(adminUpdateUser, async ({ actor, params, body }) => ({
    user: await admin.updateUser(actor, params.id, body),
  }));

  router.route(adminSetUserDisabled, async ({ actor, params, body }) => ({
    user: await admin.setDisabled(actor, params.id, body.disabled),
  }));

  router.route(adminConfirmUserEmail, async ({ actor, params }) => ({
    user: await admin.confirmEmail(actor, params.id),
  }));

  router.route(adminSendPasswordReset, async ({ actor, params }) => {
    const { email } = await admin.sendPasswordReset(actor, params.id);
    return { success: true, message: `A password reset link was sent to ${email}` } as const;
  });

  router.route(adminListCompanies, async ({ actor, query }) => ({
    companies: await admin.listCompanies(actor, query.search),
  }));

  router.route(adminGetCompany, ({ actor, params }) => admin.getCompany(actor, params.id));

  router.route(adminSetCompanyCurrency, async ({ actor, params, body }) => ({
    company: await admin.setCompanyCurrency(actor, params.id, body.currency),
  }));

  router.route(adminSetOrderStatus, async ({ actor, params, body }) => ({
    order: await admin.setOrderStatus(actor, params.id, body.status, body.note),
  }));

  router.route(adminPriceBooks, ({ actor }) => admin.priceBooks(actor));

  router.route(adminPreviewPriceBook, ({ actor, body }) =>
    admin.previewPriceBook(actor, body.book),
  );

  router.route(adminPublishPriceBook, async ({ actor, body }) => ({
    priceBook: await admin.publishPriceBook(actor, body.book, body.note),
  }));

  router.route(adminListAudit, ({ actor, query }) => admin.listAudit(actor, query.page));

  router.route(adminListErrorReports, ({ actor, query }) =>
    admin.listErrorReports(actor, query.page),
  );
}
