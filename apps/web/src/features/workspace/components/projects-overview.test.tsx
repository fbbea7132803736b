import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserPreference, writeUserPreference } from '../../../lib/browser-storage.ts';
import { FakeServer, sampleUser } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleProject } from '../../../testing/samples.ts';
import { ProjectsOverview } from './projects-overview.tsx';

let server: FakeServer;

const northwind = { id: 3, name: 'Northwind Electronics' };
const circuits = { id: 1, name: 'Circuits' };

beforeEach(() => {
  server = new FakeServer()
    .on('GET', '/api/company/short', { status: 200, body: { companies: [circuits, northwind] } })
    .on('GET', '/api/projects', (request) => ({
      status: 200,
      body: {
        projects: request.url.includes('companyId=3')
          ? [sampleProject({ title: 'Weather station' })]
          : [
              sampleProject({ title: 'Weather station' }),
              sampleProject({ id: 12, title: 'Ops tooling', comp: circuits }),
            ],
      },
    }));
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => vi.unstubAllGlobals());

function projectRequests() {
  return server.requests.filter((request) => request.url.startsWith('/api/projects'));
}

function renderOverview(user: ReturnType<typeof sampleUser>) {
  renderInApp(<ProjectsOverview user={user} renderNewProductDialog={() => null} />);
}

describe('ProjectsOverview', () => {
  it("lists an admin's remembered company and lifts the filter when asked", async () => {
    const admin = sampleUser({
      id: 5,
      role: 'admin',
      company: { ...sampleUser().company, ...circuits },
    });
    writeUserPreference(admin.id, 'fixedCompany', northwind);
    renderOverview(admin);
    expect(await screen.findByRole('article', { name: 'Project Weather station' })).toBeTruthy();
    expect(projectRequests().map((request) => request.url)).toEqual(['/api/projects?companyId=3']);
    expect(screen.getByText('Projects and boards of Northwind Electronics')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'All companies' }));
    expect(await screen.findByRole('article', { name: 'Project Ops tooling' })).toBeTruthy();
    expect(projectRequests().at(-1)?.url).toBe('/api/projects');
    expect(readUserPreference(admin.id, 'fixedCompany')).toBeNull();
    // Across companies, each card says whose project it is.
    expect(screen.getAllByText('Circuits').length).toBeGreaterThan(0);
  });

  it('remembers the company an admin picks', async () => {
    const admin = sampleUser({ id: 5, role: 'admin' });
    renderOverview(admin);
    await screen.findByRole('article', { name: 'Project Ops tooling' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Electronics' }));
    await waitFor(() => expect(projectRequests().at(-1)?.url).toBe('/api/projects?companyId=3'));
    expect(readUserPreference(admin.id, 'fixedCompany')).toEqual(northwind);
  });

  it('ignores a fixed company for members, who see their own company', async () => {
    const member = sampleUser({ id: 7 });
    writeUserPreference(member.id, 'fixedCompany', circuits);
    renderOverview(member);
    await screen.findByRole('article', { name: 'Project Weather station' });
    expect(projectRequests().map((request) => request.url)).toEqual(['/api/projects']);
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New project' })).toBeTruthy();
  });

  it('invites an editor to create the first project', async () => {
    server.on('GET', '/api/projects', { status: 200, body: { projects: [] } });
    renderOverview(sampleUser());
    expect(await screen.findByText('No projects yet — create your first project')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a project' })).toBeTruthy();
  });

  it('invites an admin to create a project for the company picked', async () => {
    server.on('GET', '/api/projects', { status: 200, body: { projects: [] } });
    const admin = sampleUser({ id: 5, role: 'admin' });
    writeUserPreference(admin.id, 'fixedCompany', northwind);
    renderOverview(admin);
    expect(await screen.findByText('Northwind Electronics has no projects yet')).toBeTruthy();
    expect(screen.getByText(/you can create one for any company/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a project' })).toBeTruthy();
  });

  it('does not invite a moderator to create a project they may not create', async () => {
    server.on('GET', '/api/projects', { status: 200, body: { projects: [] } });
    renderOverview(sampleUser({ id: 6, role: 'moderator', company_role: 'view' }));
    expect(await screen.findByText('No company has a project yet')).toBeTruthy();
    expect(screen.getByText(/Moderators see the projects of every company/)).toBeTruthy();
    expect(screen.queryByText(/create your first project/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Create a project|New project/ })).toBeNull();
  });

  it('tells a read-only member who creates the projects', async () => {
    server.on('GET', '/api/projects', { status: 200, body: { projects: [] } });
    renderOverview(sampleUser({ company_role: 'view' }));
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(
      screen.getByText(/A colleague who can edit the company creates its projects/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create a project|New project/ })).toBeNull();
  });

  it('gives read-only members no ways to change projects', async () => {
    server.on('GET', '/api/projects', {
      status: 200,
      body: { projects: [sampleProject({ title: 'Weather station', canEdit: false })] },
    });
    renderOverview(sampleUser({ company_role: 'view' }));
    const card = await screen.findByRole('article', { name: 'Project Weather station' });
    expect(card.querySelectorAll('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /New project|New product/ })).toBeNull();
  });
});
