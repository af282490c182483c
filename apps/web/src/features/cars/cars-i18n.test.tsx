import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { json, mockFetch, renderRoutes, signInAs, signOut, testMember } from '../../test/utils';
import { CarDetailPage } from './car-detail-page';
import { CarUploadPage } from './car-upload-page';
import { CarsPage } from './cars-page';
import { BAD_CHECKSUM_CODE, makeCar, makeDetail, OCTANE_CODE } from './test-fixtures';

afterEach(async () => {
  await changeLocale('en');
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
});

describe('car screens in French', () => {
  it('the list: title, search, counter, sort and cards', async () => {
    await changeLocale('fr');
    mockFetch((url) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/cars/bodies') return json(200, []);
      return json(200, { items: [makeCar({ views: 12_345, codeCopies: 1 })], totalCount: 1, totalPages: 1 });
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/cars', element: <CarsPage /> }], { path: '/cars' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Parcourir les voitures' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des voitures' })).toBeInTheDocument();
    expect(await screen.findByTestId('cars-counter')).toHaveTextContent('1 voiture affichée');
    const card = within(screen.getByTestId('car-card'));
    expect(card.getByText('12,3 k')).toBeInTheDocument();
    expect(card.getByText('copie')).toBeInTheDocument();
    expect(card.getByText('Aucune note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Trier\s?:/ }));
    expect(screen.getByRole('menuitemradio', { name: 'Nom croissant' })).toHaveTextContent('Croiss.');
  });

  it("a car's page: code, counts, rating, loadout and information", async () => {
    await changeLocale('fr');
    const car = makeDetail({ id: 5, views: 0, codeCopies: 3, averageRating: 4.25, ratingCount: 4 });
    mockFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/cars/5/view' && init.method === 'POST') return json(200, { views: 1, counted: true });
      if (path === '/api/cars/5') return json(200, car);
      return json(404, { message: 'Not found' });
    });
    renderRoutes([{ path: '/cars/:id', element: <CarDetailPage /> }], { path: '/cars/5' });
    expect(
      await screen.findByRole('button', { name: 'Copier le code de la voiture' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText('Copiez ce code pour importer la voiture :')).toBeInTheDocument();
    expect(await screen.findByText('vue')).toBeInTheDocument();
    expect(screen.getByText('copies')).toBeInTheDocument();
    expect(screen.getByTestId('global-rating')).toHaveTextContent('4,3/5 (4 notes)');
    const loadout = within(screen.getByRole('region', { name: 'Les deux équipes' }));
    expect(loadout.getByText('Carrosserie')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Informations sur la voiture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vote positif 0' })).toBeInTheDocument();
  });

  it('the upload form: labels, the decoder and the shared checks in French', async () => {
    await changeLocale('fr');
    signInAs({ ...testMember, id: 99 });
    mockFetch(() => json(500));
    const user = userEvent.setup();
    renderRoutes([{ path: '/cars/upload', element: <CarUploadPage /> }], { path: '/cars/upload' });
    expect(screen.getByRole('heading', { level: 1, name: 'Publier une voiture' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code de la voiture');
    await user.type(code, BAD_CHECKSUM_CODE);
    expect(screen.getByText('La somme de contrôle du code de la voiture ne correspond pas')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, OCTANE_CODE);
    expect(screen.getByText(/^Code valide : Octane, \d+ objets?$/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nom'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Publier la voiture' }));
    expect(screen.getByText('Le nom doit contenir au moins 3 caractères')).toBeInTheDocument();
  });
});
