import { CAR_BANNER_MAX_BYTES, CAR_MESSAGES, decodeCarCode } from '@bm/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  deferred,
  json,
  LocationProbe,
  mockFetch,
  renderRoutes,
  signInAs,
  signOut,
  testMember,
} from '../../test/utils';
import { carsApi } from './api';
import { bannerFileError, codeStatus } from './car-form';
import { CarEditPage } from './car-edit-page';
import { CarUploadPage } from './car-upload-page';
import T from '../../locales/en/cars';
import { BAD_CHECKSUM_CODE, makeDetail, OCTANE_CODE } from './test-fixtures';

const checksumMessage = (() => {
  const r = decodeCarCode(BAD_CHECKSUM_CODE);
  if (r.ok) throw new Error('expected a bad code');
  return r.message;
})();

function openUpload() {
  return renderRoutes(
    [
      { path: '/cars/upload', element: <CarUploadPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { path: '/cars/upload' },
  );
}

function openEdit(id = 5) {
  return renderRoutes(
    [
      { path: '/cars/:id/edit', element: <CarEditPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { path: `/cars/${id}/edit` },
  );
}

const nameField = () => screen.getByLabelText(T.form.name);
const codeField = () => screen.getByLabelText(T.form.code);

beforeEach(() => signInAs());
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('car form checks', () => {
  it('checks the code as it is typed: the decoded body and item count, or the decoder message', async () => {
    expect(codeStatus('')).toBeNull();
    expect(codeStatus(OCTANE_CODE)).toEqual({
      ok: true,
      text: expect.stringMatching(/^Valid code: Octane, \d+ items?$/),
    });
    expect(codeStatus(BAD_CHECKSUM_CODE)).toEqual({ ok: false, text: checksumMessage });

    mockFetch(() => json(500));
    const user = userEvent.setup();
    openUpload();
    await user.type(codeField(), BAD_CHECKSUM_CODE);
    expect(screen.getByText(checksumMessage)).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(codeField());
    await user.type(codeField(), OCTANE_CODE);
    expect(screen.queryByText(checksumMessage)).not.toBeInTheDocument();
    expect(screen.getByText(/^Valid code: Octane/)).toBeInTheDocument();
    expect(codeField()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses to submit with the shared rules: required name and code, a code that decodes', async () => {
    const fetch = mockFetch(() => json(201, makeDetail()));
    const user = userEvent.setup();
    openUpload();
    await user.click(screen.getByRole('button', { name: T.form.create }));
    expect(screen.getByText(CAR_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CAR_MESSAGES.codeRequired)).toBeInTheDocument();

    await user.type(nameField(), 'ab');
    await user.type(codeField(), BAD_CHECKSUM_CODE);
    await user.click(screen.getByRole('button', { name: T.form.create }));
    expect(screen.getByText(CAR_MESSAGES.nameShort)).toBeInTheDocument();
    expect(screen.getByText(checksumMessage)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('banners: PNG, JPG or GIF up to 5 MB', () => {
    expect(bannerFileError(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(bannerFileError(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBeNull();
    expect(bannerFileError(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(T.messages.bannerType);
    expect(bannerFileError(new File([new Uint8Array(CAR_BANNER_MAX_BYTES + 1)], 'a.jpg', { type: 'image/jpeg' }))).toBe(
      T.messages.bannerTooLarge,
    );
  });

  it('description: Write and Preview tabs, a counter up to 5000', async () => {
    mockFetch(() => json(500));
    const user = userEvent.setup();
    openUpload();
    const write = screen.getByRole('tab', { name: T.form.write });
    expect(write).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText(T.form.description), '**bold**');
    expect(screen.getByText('8/5000')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: T.form.preview }));
    expect((await within(screen.getByRole('tabpanel')).findByText('bold')).tagName).toBe('STRONG');
  });
});

describe('car upload', () => {
  it('creates the car, uploads the banner with a progress bar, and opens the car', async () => {
    const fetch = mockFetch((url, init) =>
      url === '/api/cars' && init.method === 'POST'
        ? json(201, makeDetail({ id: 77, name: 'Fresh Octane' }))
        : json(404),
    );
    const upload = deferred<{ bannerUrl: string }>();
    const uploadBanner = vi.spyOn(carsApi, 'uploadBanner').mockImplementation((_id, _file, onProgress) => {
      onProgress(40);
      return upload.promise;
    });
    const user = userEvent.setup();
    openUpload();
    await user.type(nameField(), '  Fresh Octane ');
    await user.type(codeField(), OCTANE_CODE);
    await user.type(screen.getByLabelText(T.form.description), 'Nice');
    await user.upload(screen.getByLabelText(T.form.banner), new File(['png'], 'banner.png', { type: 'image/png' }));
    expect(screen.getByText('banner.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.form.create }));

    const bar = await screen.findByRole('progressbar', { name: T.form.bannerProgress });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ name: 'Fresh Octane', code: OCTANE_CODE, description: 'Nice' });
    expect(uploadBanner).toHaveBeenCalledWith(77, expect.any(File), expect.any(Function));

    upload.resolve({ bannerUrl: '/files/cars/77.webp' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/cars/77');
  });

  it('a 400 shows the field error; other failures say Failed to create car', async () => {
    let answer = json(400, { message: 'Name is taken', errors: { name: ['Name is taken'] } });
    mockFetch(() => answer);
    const user = userEvent.setup();
    openUpload();
    await user.type(nameField(), 'Taken Name');
    await user.type(codeField(), OCTANE_CODE);
    await user.click(screen.getByRole('button', { name: T.form.create }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');

    answer = json(500, { message: 'Database down' });
    await user.click(screen.getByRole('button', { name: T.form.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.form.createFailed);
  });
});

describe('car edit', () => {
  it('only the owner gets the form', async () => {
    mockFetch(() => json(200, makeDetail({ id: 5, member: { id: 99, displayName: 'Someone', avatarUrl: null } })));
    openEdit();
    expect(await screen.findByText(T.form.notOwner)).toBeInTheDocument();
    expect(screen.queryByLabelText(T.form.name)).not.toBeInTheDocument();
  });

  it('starts from the car, saves with PUT and opens it; a failure says Failed to update car', async () => {
    const car = makeDetail({
      id: 5,
      name: 'Old Name',
      description: 'Old',
      member: { id: testMember.id, displayName: testMember.username, avatarUrl: null },
    });
    let fail = true;
    const fetch = mockFetch((_url, init) => {
      if (init.method === 'PUT') return fail ? json(500) : json(200, { ...car, name: 'New Name' });
      return json(200, car);
    });
    const user = userEvent.setup();
    openEdit();
    expect(await screen.findByDisplayValue('Old Name')).toBeInTheDocument();
    expect(codeField()).toHaveValue(car.code);
    await user.clear(nameField());
    await user.type(nameField(), 'New Name');
    await user.click(screen.getByRole('button', { name: T.form.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.form.updateFailed);

    fail = false;
    await user.click(screen.getByRole('button', { name: T.form.save }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cars/5');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/cars/5');
    await waitFor(() => expect(bodyOf(put[1]!)).toEqual({ name: 'New Name', code: car.code, description: 'Old' }));
  });
});
