import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** A plugin's or car's rating as its page shows it. */
interface ItemRating {
  myStars: number | null;
  averageRating: number;
  ratingCount: number;
}

/**
 * The rating on a plugin's or car's page: the member's own is asked for on open (§2), and until it
 * answers the item's detail tells. Rating stores the answer as the member's own and in the detail
 * (`onRated`); while it is sent the chosen stars show. A visitor who rates is asked to join first.
 */
export function useItemRating<R extends ItemRating, K extends QueryKey>({
  item,
  signedIn,
  query,
  send,
  onRated,
  onError,
  join,
}: {
  item: ItemRating;
  signedIn: boolean;
  /** The member's own rating; an answer to a rating is stored under its key. */
  query: UseQueryOptions<R, Error, R, K>;
  send: (stars: number) => Promise<R>;
  onRated: (rating: R) => void;
  onError: (err: Error) => void;
  join: (then: () => void) => void;
}) {
  const client = useQueryClient();
  const ratingQuery = useQuery({ ...query, enabled: signedIn });
  const rating: ItemRating = ratingQuery.data ?? {
    myStars: item.myStars,
    averageRating: item.averageRating,
    ratingCount: item.ratingCount,
  };
  const rate = useMutation({
    mutationFn: send,
    onSuccess: (r) => {
      client.setQueryData<R>(query.queryKey, r);
      onRated(r);
    },
    onError,
  });
  const onRate = (stars: number) => {
    if (!signedIn) join(() => rate.mutate(stars));
    else rate.mutate(stars);
  };
  return {
    rating,
    /** The stars to show as the member's: the ones being sent, else their rating's. */
    myStars: rate.isPending ? (rate.variables ?? rating.myStars) : rating.myStars,
    isRating: rate.isPending,
    onRate,
  };
}
