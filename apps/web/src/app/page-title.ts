// SPEC §2: the page title is the route title; with route parameters, a colon and the id follow.

export interface TitledRoute {
  title: string;
  /** The path parameter shown after the title; routes without parameters leave it out. */
  idParam?: string;
}

export function pageTitle(
  route: TitledRoute,
  params: Readonly<Record<string, string | undefined>>,
) {
  if (route.idParam === undefined) return route.title;
  const id = params[route.idParam];
  return id ? `${route.title}: ${id}` : route.title;
}
