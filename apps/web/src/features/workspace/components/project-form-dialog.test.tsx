import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleProject } from '../../../testing/samples.ts';
import { ProjectFormDialog } from './project-form-dialog.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => vi.unstubAllGlobals());

function sentForm(): FormData {
  const body = server.requests.at(-1)?.body;
  if (!(body instanceof FormData)) throw new Error('no form was sent');
  return body;
}

describe('ProjectFormDialog', () => {
  it('needs a title before anything is sent', async () => {
    renderInApp(
      <ProjectFormDialog
        opened
        project={null}
        companyChoice={null}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('offers the SPEC palette as named radio buttons and sends the chosen colour', async () => {
    server.on('POST', '/api/projects/add', {
      status: 201,
      body: { data: sampleProject({ title: 'LED matrix', markedColor: '#db76df' }) },
    });
    const onSaved = vi.fn();
    renderInApp(
      <ProjectFormDialog
        opened
        project={null}
        companyChoice={null}
        onSaved={onSaved}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      '#4ae387',
      '#e34a4a',
      '#4ab2e3',
      '#db76df',
      '#f7cc36',
      '#f3f3f3',
      '#000',
    ]);
    expect((screen.getByRole('radio', { name: 'Green' }) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'LED matrix');
    await user.click(screen.getByRole('radio', { name: 'Purple' }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const form = sentForm();
    expect(form.get('title')).toBe('LED matrix');
    expect(form.get('markedColor')).toBe('#db76df');
    expect(form.has('comp')).toBe(false);
  });

  it('lets admins choose the company and edits keep the project id', async () => {
    server.on('POST', '/api/projects/add', {
      status: 201,
      body: { data: sampleProject() },
    });
    renderInApp(
      <ProjectFormDialog
        opened
        project={null}
        companyChoice={{
          companies: [
            { id: 1, name: 'Circuits' },
            { id: 3, name: 'Northwind Electronics' },
          ],
          defaultCompanyId: 3,
        }}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    expect((await screen.findByRole('combobox', { name: /Company/ })).getAttribute('value')).toBe(
      'Northwind Electronics',
    );
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Probe');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(sentForm().get('comp')).toBe('3');
  });

  it('shows the server refusal on the form', async () => {
    server.on('POST', '/api/projects/12/update', {
      status: 422,
      body: { error: { title: 'Title must be at most 200 characters' }, code: 'validation_failed' },
    });
    renderInApp(
      <ProjectFormDialog
        opened
        project={sampleProject({ id: 12, title: 'Old title' })}
        companyChoice={null}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save project' }));
    expect(await screen.findByText('Title must be at most 200 characters')).toBeTruthy();
    expect(sentForm().get('title')).toBe('Old title');
  });
});
