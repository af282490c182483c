import type { CarDetail, CarVoteType } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useItemRating } from '../item-detail';
import { carKeys, carRatingQuery, carsApi, patchCarDetail } from './api';
import { CARS_EN, useCarMessage, useCarsT } from './cars-text';

/**
 * What a visitor does on a car's page: rate and vote (members; a visitor is asked to join with
 * `askToJoin`), pin and delete (its owner).
 */
export function useCarActions(car: CarDetail, signedIn: boolean, askToJoin: (then: () => void) => void) {
  const t = useCarsT();
  const message = useCarMessage();
  const client = useQueryClient();
  const navigate = useNavigate();

  const rating = useItemRating({
    item: car,
    signedIn,
    query: carRatingQuery(car.id),
    send: (stars) => carsApi.rate(car.id, stars),
    onRated: (r) => patchCarDetail(client, car.id, r),
    onError: (err) => console.error('Car rating failed', err),
    join: askToJoin,
  });

  const vote = useMutation({
    mutationFn: (voteType: CarVoteType) => carsApi.vote(car.id, voteType).then((r) => ({ ...r, myVote: voteType })),
    onSuccess: (r) => patchCarDetail(client, car.id, r),
    onError: (err) => console.error('Car vote failed', err),
  });

  const pin = useMutation({
    mutationFn: (isPinned: boolean) => carsApi.setPinned(car.id, isPinned),
    onMutate: (isPinned) => {
      patchCarDetail(client, car.id, { isPinned });
      return { was: !isPinned };
    },
    onSuccess: (r) => {
      patchCarDetail(client, car.id, { isPinned: r.isPinned });
      toast.success(r.isPinned ? t('owner.pinned') : t('owner.unpinned'));
      void client.invalidateQueries({ queryKey: carKeys.lists() });
    },
    onError: (_err, _v, ctx) => {
      if (ctx) patchCarDetail(client, car.id, { isPinned: ctx.was });
      toast.error(t('owner.pinFailed'));
    },
  });

  const confirm = useConfirm();
  const remove = useMutation({
    mutationFn: () => carsApi.remove(car.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: carKeys.detail(car.id) });
      void client.invalidateQueries({ queryKey: carKeys.lists() });
      void client.invalidateQueries({ queryKey: carKeys.bodies() });
      toast.success(t('owner.deleted'));
      void navigate('/cars', { replace: true });
    },
    onError: (err) => toast.error(message(errorText(err, CARS_EN.owner.deleteFailed))),
  });
  const onDelete = async () => {
    const title = t('owner.confirmDelete', { name: car.name });
    if (await confirm({ title, confirmLabel: t('owner.delete'), destructive: true })) remove.mutate();
  };

  return { ...rating, vote, pin, remove, onDelete };
}
