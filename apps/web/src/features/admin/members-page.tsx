import { pageCount, STAFF_ROLES, type AdminMember, type StaffRole } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination';
import { Button, Dialog, Switch, TextField, Time, DataTable, dataTableClasses as tc } from '../../components/ui';
import { errorText } from '../../lib/api';
import { exactNumber } from '../../lib/format';
import { IMPERSONATION_MESSAGES, startImpersonation, useAuth, useIsAdmin } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, memberListQuery } from './api';
import { adminMessage, ROLE_GRANTED_KEYS, ROLE_KEYS, ROLE_REVOKED_KEYS, useAdminT } from './admin-text';
import { AdminSection, Badge, MemberCell, QueryState } from './shared';

type Pending = { member: AdminMember; action: 'disable' | 'enable' } | null;

function useMemberChange() {
  const t = useAdminT();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { member: AdminMember } & ({ role: StaffRole; on: boolean } | { disabled: boolean }),
    ) => {
      const { member } = change;
      if ('role' in change) {
        await (change.on ? adminApi.grantRole(member.id, change.role) : adminApi.revokeRole(member.id, change.role));
        const username = member.username;
        return t((change.on ? ROLE_GRANTED_KEYS : ROLE_REVOKED_KEYS)[change.role], { username });
      }
      await (change.disabled ? adminApi.disable(member.id) : adminApi.enable(member.id));
      return t(change.disabled ? 'members.disabledToast' : 'members.enabledToast', { username: member.username });
    },
    onSuccess: (message) => toast.success(message),
    onError: (e) => toast.error(adminMessage(errorText(e, t('members.changeFailed')))),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.members() }),
  });
}

function MemberRow({
  m,
  isAdmin,
  selfId,
  onConfirm,
}: {
  m: AdminMember;
  isAdmin: boolean;
  selfId: number | null;
  onConfirm: (p: Pending) => void;
}) {
  const t = useAdminT();
  const change = useMemberChange();
  const navigate = useNavigate();
  const [impersonating, setImpersonating] = useState(false);
  const self = m.id === selfId;
  const impersonate = async () => {
    setImpersonating(true);
    try {
      await startImpersonation(m.id);
      navigate('/dashboard');
    } catch (e) {
      toast.error(adminMessage(errorText(e, IMPERSONATION_MESSAGES.startFailed)));
      setImpersonating(false);
    }
  };
  return (
    <tr data-testid="member-row">
      <MemberCell username={m.username} bold />
      <td className={`${tc.td} break-all`}>
        {m.email ?? '—'}
        <span className="mt-1 block">
          <Badge tone={m.emailVerified ? 'good' : 'warn'}>
            {m.emailVerified ? t('members.verified') : t('members.unverified')}
          </Badge>
        </span>
      </td>
      <td className={tc.td}>
        {isAdmin ? (
          <div className="flex flex-col gap-2">
            {STAFF_ROLES.map((role) => (
              <Switch
                key={role}
                checked={m.roles.includes(role)}
                disabled={change.isPending || (self && role === 'administrator')}
                onChange={(on) => change.mutate({ member: m, role, on })}
                label={
                  <>
                    {`${t(ROLE_KEYS[role])} `}
                    <span className="sr-only">{t('members.roleFor', { username: m.username })}</span>
                  </>
                }
              />
            ))}
          </div>
        ) : (
          <span className="flex flex-wrap gap-1">
            {m.roles.map((r) => (
              <Badge key={r} tone="info">
                {(STAFF_ROLES as readonly string[]).includes(r) ? t(ROLE_KEYS[r as StaffRole]) : r}
              </Badge>
            ))}
          </span>
        )}
      </td>
      <td className={`${tc.td} whitespace-nowrap`}>
        <Time value={m.createdAt} />
      </td>
      <td className={tc.td}>
        <Badge tone={m.disabled ? 'bad' : 'good'}>{m.disabled ? t('members.disabled') : t('members.active')}</Badge>
      </td>
      <td className={tc.td}>
        {isAdmin && !self && (
          <div className="flex flex-wrap gap-1">
            <Button
              size="sm"
              variant={m.disabled ? 'outline' : 'danger'}
              disabled={change.isPending}
              aria-label={t(m.disabled ? 'members.enableLabel' : 'members.disableLabel', { username: m.username })}
              onClick={() => onConfirm({ member: m, action: m.disabled ? 'enable' : 'disable' })}
            >
              {m.disabled ? t('members.enable') : t('members.disable')}
            </Button>
            {!m.disabled && !m.roles.includes('administrator') && (
              <Button
                size="sm"
                variant="outline"
                disabled={impersonating}
                aria-label={t('members.impersonateLabel', { username: m.username })}
                onClick={() => void impersonate()}
              >
                {t('members.impersonate')}
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

function ConfirmDisable({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const t = useAdminT();
  const change = useMemberChange();
  if (!pending) return null;
  const { member, action } = pending;
  const disabling = action === 'disable';
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(disabling ? 'members.confirmDisableTitle' : 'members.confirmEnableTitle', { username: member.username })}
      description={disabling ? t('members.confirmDisable') : t('members.confirmEnable')}
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('members.cancel')}
        </Button>
        <Button
          variant={disabling ? 'danger' : 'primary'}
          disabled={change.isPending}
          onClick={() => change.mutate({ member, disabled: disabling }, { onSettled: onClose })}
        >
          {disabling ? t('members.disable') : t('members.enable')}
        </Button>
      </div>
    </Dialog>
  );
}

export function AdminMembersPage() {
  const t = useAdminT();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const [pending, setPending] = useState<Pending>(null);
  const isAdmin = useIsAdmin();
  const selfId = useAuth().member?.id ?? null;
  const q = useQuery(memberListQuery({ page, search }));

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams(params);
    if (text.trim()) p.set('search', text.trim());
    else p.delete('search');
    p.delete('page');
    setParams(p);
  };
  const goTo = (n: number) => {
    const p = new URLSearchParams(params);
    if (n <= 1) p.delete('page');
    else p.set('page', String(n));
    setParams(p);
  };

  return (
    <AdminSection title={t('members.title')}>
      <form role="search" onSubmit={onSearch} className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label={t('members.search')}
            hint={t('members.searchHint')}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('members.searchSubmit')}
        </Button>
      </form>
      <QueryState query={q} failedText={t('members.loadFailed')} emptyText={t('members.none')}>
        {(d) => {
          return (
            <>
              <p className="text-sm text-slate-400">
                {t('members.total', { count: d.totalCount, number: exactNumber(d.totalCount) })}
              </p>
              <DataTable
                caption={t('members.title')}
                columns={[
                  t('members.columns.member'),
                  t('members.columns.email'),
                  t('members.columns.roles'),
                  t('members.columns.joined'),
                  t('members.columns.state'),
                  t('members.columns.actions'),
                ]}
              >
                {d.items.map((m) => (
                  <MemberRow key={m.id} m={m} isAdmin={isAdmin} selfId={selfId} onConfirm={setPending} />
                ))}
              </DataTable>
              <Pagination page={d.page} totalPages={pageCount(d.totalCount, d.pageSize)} onPageChange={goTo} />
            </>
          );
        }}
      </QueryState>
      <ConfirmDisable pending={pending} onClose={() => setPending(null)} />
    </AdminSection>
  );
}
