import {
  CALL_FALLBACKS,
  MEMBER_PAGE_SIZE_MAX,
  type CarPinResponse,
  type FollowResponse,
  type MemberCarItem,
  type MemberCarsPage,
  type MemberPluginItem,
  type MemberPluginsPage,
  type MemberProfile,
  type PluginPinResponse,
  type ProfileUpdateRequest,
  type RepResponse,
} from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** One entry of a member's content grid: a plugin or a car, read the same way. */
export interface ContentItem {
  kind: 'plugin' | 'car';
  id: number;
  name: string;
  description: string;
  bannerUrl: string | null;
  /** Downloads for a plugin, code copies for a car. */
  uses: number;
  views: number;
  isPinned: boolean;
  updatedAt: string;
}

export const memberKeys = {
  all: ['members'] as const,
  profile: (name: string) => [...memberKeys.all, 'profile', name.toLowerCase()] as const,
  content: (name: string) => [...memberKeys.all, 'content', name.toLowerCase()] as const,
};

const path = (name: string) => `/members/${encodeURIComponent(name)}`;

/** Every page of a member's list at the largest page size (§7: 50 when loading everything). */
async function allPages<P extends MemberPluginsPage | MemberCarsPage>(
  url: string,
  signal: AbortSignal,
  fallback: string,
): Promise<Array<P['items'][number]>> {
  const items: Array<P['items'][number]> = [];
  for (let page = 1; page <= 20; page++) {
    const res = await api.get<P>(url, { signal, fallback, query: { page, pageSize: MEMBER_PAGE_SIZE_MAX } });
    items.push(...res.items);
    if (page >= res.totalPages) break;
  }
  return items;
}

/** The member content order (§4): pinned first, then downloads or copies, then views, then the most recently updated. */
export function sortContent(items: readonly ContentItem[]): ContentItem[] {
  return [...items].sort(
    (a, b) =>
      Number(b.isPinned) - Number(a.isPinned) ||
      b.uses - a.uses ||
      b.views - a.views ||
      new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() ||
      a.kind.localeCompare(b.kind) ||
      b.id - a.id,
  );
}

export const fromPlugin = (p: MemberPluginItem): ContentItem => ({
  kind: 'plugin',
  id: p.id,
  name: p.name,
  description: p.shortDescription,
  bannerUrl: p.bannerImageUrl,
  uses: p.downloadCount,
  views: p.viewCount,
  isPinned: p.isPinned,
  updatedAt: p.updatedAt,
});

export const fromCar = (c: MemberCarItem): ContentItem => ({
  kind: 'car',
  id: c.id,
  name: c.name,
  description: c.description,
  bannerUrl: c.bannerUrl,
  uses: c.codeCopies,
  views: c.views,
  isPinned: c.isPinned,
  updatedAt: c.updatedAt,
});

export const profileQuery = (name: string) =>
  queryOptions({
    queryKey: memberKeys.profile(name),
    queryFn: ({ signal }) => api.get<MemberProfile>(path(name), { signal, fallback: CALL_FALLBACKS.loadProfile }),
  });

/** The member's plugins and cars together, in the content order. */
export const contentQuery = (name: string) =>
  queryOptions({
    queryKey: memberKeys.content(name),
    queryFn: async ({ signal }) => {
      const [plugins, cars] = await Promise.all([
        allPages<MemberPluginsPage>(`${path(name)}/plugins`, signal, CALL_FALLBACKS.loadPlugins),
        allPages<MemberCarsPage>(`${path(name)}/cars`, signal, CALL_FALLBACKS.loadCars),
      ]);
      return sortContent([...plugins.map(fromPlugin), ...cars.map(fromCar)]);
    },
  });

export const membersApi = {
  setRep: (name: string, give: boolean) =>
    give ? api.post<RepResponse>(`${path(name)}/rep`) : api.delete<RepResponse>(`${path(name)}/rep`),
  setFollow: (name: string, follow: boolean) =>
    follow ? api.put<FollowResponse>(`${path(name)}/follow`) : api.delete<FollowResponse>(`${path(name)}/follow`),
  setPinned: (item: Pick<ContentItem, 'kind' | 'id'>, isPinned: boolean) =>
    api.post<PluginPinResponse | CarPinResponse>(
      item.kind === 'plugin' ? `/plugins/${item.id}/pin` : `/cars/${item.id}/pin`,
      {
        isPinned,
      },
    ),
  saveProfile: (body: ProfileUpdateRequest) =>
    api.put<MemberProfile>('/members/me/profile', body, { fallback: CALL_FALLBACKS.updateProfile }),
};
