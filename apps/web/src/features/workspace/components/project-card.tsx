import type { Assembly, ProductSummary, Project } from '@circuits/contracts';
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCpu,
  IconDots,
  IconEye,
  IconEyeOff,
  IconFolderPlus,
  IconPencil,
  IconPlus,
  IconStack2,
} from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { ListedProject } from '../lib/visible-projects.ts';
import classes from './project-card.module.css';

export interface ProjectCardActions {
  onEdit: (project: Project) => void;
  onVisibilityChange: (project: Project, visible: boolean) => void;
  onNewProduct: (project: Project, assemblyId: number | null) => void;
  onNewAssembly: (project: Project) => void;
  onRenameAssembly: (project: Project, assembly: Assembly) => void;
  onAssemblyHiddenChange: (project: Project, assembly: Assembly, hidden: boolean) => void;
  onMoveProduct: (
    project: Project,
    product: ProductSummary,
    target: { type: 'assembly'; assembly: Assembly } | { type: 'out'; assembly: Assembly },
  ) => void;
}

interface ProjectCardProps {
  listed: ListedProject;
  canEdit: boolean;
  /** Staff looking at every company see whose project it is. */
  showCompany: boolean;
  actions: ProjectCardActions;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function HiddenBadge() {
  return (
    <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
      Hidden
    </Badge>
  );
}

function ProductRow({
  project,
  product,
  assembly,
  canEdit,
  actions,
}: {
  project: Project;
  product: ProductSummary;
  assembly: Assembly | null;
  canEdit: boolean;
  actions: ProjectCardActions;
}) {
  const otherAssemblies = project.assemblies.filter((candidate) => candidate.id !== assembly?.id);
  const canMove = canEdit && (assembly !== null || otherAssemblies.length > 0);
  return (
    <div className={classes.productRow} data-testid="product-row">
      <Link to={`/product/${product.id}`} className={classes.productLink}>
        {product.imgLink ? (
          <img src={product.imgLink} alt="" className={classes.thumb} />
        ) : (
          <span className={classes.thumbPlaceholder} aria-hidden>
            <IconCpu size={16} stroke={1.6} />
          </span>
        )}
        <Text size="sm" fw={550} truncate>
          {product.name}
        </Text>
        {product.partNumber ? (
          <Text size="xs" c="dimmed" ff="monospace" truncate style={{ flexShrink: 1 }}>
            {product.partNumber}
          </Text>
        ) : null}
      </Link>
      {product.visible ? null : <HiddenBadge />}
      {canMove ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.rowMenu}
              aria-label={`Move ${product.name}`}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {otherAssemblies.length > 0 ? <Menu.Label>Move to assembly</Menu.Label> : null}
            {otherAssemblies.map((target) => (
              <Menu.Item
                key={target.id}
                leftSection={<IconStack2 size={14} />}
                onClick={() =>
                  actions.onMoveProduct(project, product, { type: 'assembly', assembly: target })
                }
              >
                {target.title}
              </Menu.Item>
            ))}
            {assembly ? (
              <Menu.Item
                onClick={() => actions.onMoveProduct(project, product, { type: 'out', assembly })}
              >
                Take out of {assembly.title}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </div>
  );
}

export function ProjectCard({ listed, canEdit, showCompany, actions }: ProjectCardProps) {
  const { project, products, assemblies, productCount } = listed;
  const style = { '--project-color': project.markedColor } as CSSProperties;
  const empty = products.length === 0 && assemblies.length === 0;

  return (
    <Card
      padding="md"
      className={`${classes.card} ${project.visible ? '' : classes.hidden}`}
      style={style}
      component="article"
      aria-label={`Project ${project.title}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {project.imgLink ? (
          <img src={project.imgLink} alt={`${project.title} cover`} className={classes.cover} />
        ) : (
          <div className={classes.placeholder} aria-hidden>
            <IconCpu size={28} stroke={1.4} />
          </div>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650} size="md" truncate title={project.title} component="h2" m={0}>
            {project.title}
          </Text>
          {project.description ? (
            <Text size="xs" c="dimmed" className={classes.description}>
              {project.description}
            </Text>
          ) : null}
          <Group gap={6} mt={4}>
            <Text size="xs" c="dimmed">
              {plural(productCount, 'board', 'boards')}
              {project.assemblies.length > 0
                ? ` · ${plural(project.assemblies.length, 'assembly', 'assemblies')}`
                : ''}
            </Text>
            {project.visible ? null : <HiddenBadge />}
            {showCompany ? (
              <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
                {project.comp.name}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        {canEdit ? (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={project.visible ? 'Hide project' : 'Show project'} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${project.visible ? 'Hide' : 'Show'} project ${project.title}`}
                onClick={() => actions.onVisibilityChange(project, !project.visible)}
              >
                {project.visible ? <IconEye size={18} /> : <IconEyeOff size={18} />}
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Actions for project ${project.title}`}
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconPencil size={14} />}
                  onClick={() => actions.onEdit(project)}
                >
                  Edit project
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPlus size={14} />}
                  onClick={() => actions.onNewProduct(project, null)}
                >
                  New product
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconFolderPlus size={14} />}
                  onClick={() => actions.onNewAssembly(project)}
                >
                  New assembly
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : null}
      </Group>

      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        {empty ? (
          <Text size="sm" c="dimmed" py={6}>
            No boards yet.
          </Text>
        ) : null}
        {products.map((product) => (
          <ProductRow
            key={product.id}
            project={project}
            product={product}
            assembly={null}
            canEdit={canEdit}
            actions={actions}
          />
        ))}
        {assemblies.map(({ assembly, products: assemblyProducts }) => (
          <section
            key={assembly.id}
            className={classes.assembly}
            aria-label={`Assembly ${assembly.title}`}
          >
            <Group gap={6} wrap="nowrap" justify="space-between" className={classes.assemblyHeader}>
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconStack2 size={14} color="var(--mantine-color-gray-6)" aria-hidden />
                <Text size="xs" fw={650} tt="uppercase" c="dimmed" lts={0.3} truncate>
                  {assembly.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {assemblyProducts.length}
                </Text>
                {assembly.hidden ? <HiddenBadge /> : null}
              </Group>
              {canEdit ? (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      className={classes.rowMenu}
                      aria-label={`Actions for assembly ${assembly.title}`}
                    >
                      <IconDots size={14} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => actions.onNewProduct(project, assembly.id)}>
                      New product in this assembly
                    </Menu.Item>
                    <Menu.Item onClick={() => actions.onRenameAssembly(project, assembly)}>
                      Rename assembly
                    </Menu.Item>
                    <Menu.Item
                      onClick={() =>
                        actions.onAssemblyHiddenChange(project, assembly, !assembly.hidden)
                      }
                    >
                      {assembly.hidden ? 'Show assembly' : 'Hide assembly'}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              ) : null}
            </Group>
            {assemblyProducts.length === 0 ? (
              <Text size="xs" c="dimmed" py={4} pl={20}>
                No boards in this assembly.
              </Text>
            ) : (
              assemblyProducts.map((product) => (
                <ProductRow
                  key={product.id}
                  project={project}
                  product={product}
                  assembly={assembly}
                  canEdit={canEdit}
                  actions={actions}
                />
              ))
            )}
          </section>
        ))}
      </Stack>

      {canEdit ? (
        <Group mt="sm" gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => actions.onNewProduct(project, null)}
          >
            New product
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
