import { MARKED_COLORS } from '@circuits/domain';
import { z } from 'zod';
import { CompanySummary } from './company.contract.ts';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import {
  formBoolean,
  formId,
  Id,
  idField,
  idList,
  idParam,
  idQuery,
  optionalText,
  requiredText,
} from './fields.ts';

// ---- Resources -------------------------------------------------------------------------------

/**
 * A stored file as clients reach it: `link` shows it inline and `downloadLink` downloads it under
 * its original name. Both are short-lived signed /storage URLs that work without a bearer header
 * (in <img src> and <a href>); fetch the resource again for fresh ones.
 */
export const StoredFile = z
  .object({
    name: z.string(),
    size: z.int().nonnegative().meta({ description: 'Bytes' }),
    link: z.string(),
    downloadLink: z.string(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFile = z.infer<typeof StoredFile>;

/** A product as a project lists it. */
export const ProductSummary = z
  .object({
    id: Id,
    name: z.string(),
    partNumber: z.string().nullable(),
    imgLink: z.string().nullable().meta({ description: 'Signed link to the cover image' }),
    visible: z.boolean(),
    project_id: Id,
    assembly_id: Id.nullable(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummary>;

/** SPEC §3 Assembly: a group of a project's products. */
export const Assembly = z
  .object({
    id: Id,
    title: z.string(),
    hidden: z.boolean(),
    products: z.array(ProductSummary),
  })
  .meta({ id: 'Assembly' });
export type Assembly = z.infer<typeof Assembly>;

const projectFields = {
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  markedColor: z.enum(MARKED_COLORS),
  imgLink: z.string().nullable().meta({ description: 'Signed link to the cover image' }),
  cover: StoredFile.nullable(),
  visible: z.boolean(),
  comp: CompanySummary.meta({ description: 'The company the project belongs to' }),
  canEdit: z.boolean().meta({ description: 'Whether the caller may change it and its products' }),
};

/** A project without its contents, as a product shows where it belongs. */
export const ProjectSummary = z.object(projectFields).meta({ id: 'ProjectSummary' });
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** SPEC §3 Project with its assemblies and the products that are in no assembly. */
export const Project = z
  .object({
    ...projectFields,
    assemblies: z.array(Assembly),
    products: z.array(ProductSummary).meta({ description: 'Products in no assembly' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

// ---- Requests --------------------------------------------------------------------------------

const markedColorField = z
  .enum(MARKED_COLORS, { error: `Colour must be one of ${MARKED_COLORS.join(', ')}` })
  .meta({ description: 'One of the SPEC palette colours' });

export const AddProjectForm = z.object({
  title: requiredText('Title', 200),
  description: optionalText('Description', 5000, { multiline: true }),
  markedColor: markedColorField.optional(),
  comp: formId('Company')
    .optional()
    .meta({ description: 'Admins only: the company to create the project for (default: own)' }),
});

export const UpdateProjectForm = z.object({
  title: requiredText('Title', 200).optional(),
  description: optionalText('Description', 5000, { multiline: true }),
  markedColor: markedColorField.optional(),
  removeCover: formBoolean('removeCover')
    .optional()
    .meta({ description: 'true removes the cover image' }),
});

const coverFile = {
  cover: { maxCount: 1, required: false, description: 'PNG, JPEG, GIF or WebP image' },
};

const ProjectsQuery = z.object({
  companyId: idQuery('companyId')
    .optional()
    .meta({ description: 'Admins and moderators: only this company (default: every company)' }),
});

const projectParams = z.object({ id: idParam });
const assemblyParams = z.object({ id: idParam, aid: idParam });
const projectAnswer = z.object({ project: Project });
const assemblyAnswer = z.object({ assembly: Assembly, project: Project });

// ---- Endpoints (SPEC §7 Projects, Assemblies) ------------------------------------------------

const tag = 'Projects';

export const listProjects = defineEndpoint({
  method: 'GET',
  path: '/api/projects',
  summary: "The projects of the user's company, or of every company for admins and moderators",
  tag,
  access: 'confirmed',
  query: ProjectsQuery,
  status: 200,
  response: z.object({ projects: z.array(Project) }),
});

export const getProject = defineEndpoint({
  method: 'GET',
  path: '/api/projects/{id}',
  summary: 'A project with its assemblies and products',
  tag,
  access: 'confirmed',
  params: projectParams,
  status: 200,
  response: projectAnswer,
});

export const addProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects/add',
  summary: 'Create a project (company editors); answers data.id',
  tag,
  access: 'confirmed',
  body: multipartBody(AddProjectForm, coverFile),
  status: 201,
  response: z.object({ data: Project }),
});

export const updateProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/update',
  summary: 'Change title, description, colour or cover; absent fields stay as they are',
  tag,
  access: 'confirmed',
  params: projectParams,
  body: multipartBody(UpdateProjectForm, coverFile),
  status: 200,
  response: projectAnswer,
});

export const updateProjectVisibility = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/updateVisibility',
  summary: 'Show or hide a project',
  tag,
  access: 'confirmed',
  params: projectParams,
  body: jsonBody(z.object({ visible: z.boolean({ error: 'visible must be true or false' }) })),
  status: 200,
  response: projectAnswer,
});

export const attachProductsToProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/attachProducts',
  summary: 'Move products of the same company into this project (out of any assembly)',
  tag,
  access: 'confirmed',
  params: projectParams,
  body: jsonBody(z.object({ products: idList('products') })),
  status: 200,
  response: projectAnswer,
});

export const addAssembly = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/assemblies/add',
  summary: "Create an assembly, optionally with some of the project's products",
  tag,
  access: 'confirmed',
  params: projectParams,
  body: jsonBody(
    z.object({ title: requiredText('Title', 200), products: idList('products').optional() }),
  ),
  status: 201,
  response: assemblyAnswer,
});

export const updateAssembly = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/assemblies/{aid}/update',
  summary: 'Rename an assembly',
  tag,
  access: 'confirmed',
  params: assemblyParams,
  body: jsonBody(z.object({ title: requiredText('Title', 200) })),
  status: 200,
  response: assemblyAnswer,
});

export const attachProductsToAssembly = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/assemblies/{aid}/attachProducts',
  summary: 'Put products of the project into the assembly (out of any other assembly)',
  tag,
  access: 'confirmed',
  params: assemblyParams,
  body: jsonBody(z.object({ products: idList('products') })),
  status: 200,
  response: assemblyAnswer,
});

export const detachProductFromAssembly = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/assemblies/{aid}/detachProduct',
  summary: 'Take a product out of the assembly (it stays in the project)',
  tag,
  access: 'confirmed',
  params: assemblyParams,
  body: jsonBody(z.object({ product_id: idField('product_id') })),
  status: 200,
  response: assemblyAnswer,
});

export const hideAssembly = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/assemblies/{aid}/hide',
  summary: 'Hide an assembly (hidden: false shows it again)',
  tag,
  access: 'confirmed',
  params: assemblyParams,
  body: jsonBody(
    z
      .object({
        hidden: z.boolean({ error: 'hidden must be true or false' }).optional().default(true),
      })
      .prefault({}),
  ),
  status: 200,
  response: assemblyAnswer,
});
