/**
 * The shared sorts of plugins and cars (docs/search.md): 'rating' orders by a Bayesian mean of the
 * stars, 'trending' by the downloads (plugins) or code copies (cars) of the last TRENDING_DAYS days.
 *
 * rating score = (RATING_PRIOR_WEIGHT x m + sum of stars) / (RATING_PRIOR_WEIGHT + number of ratings),
 * m = the average star of every rating of that kind on the site (0 while there is none). An item with
 * few ratings sits near m; many ratings move it to its own average.
 */
export const RATING_PRIOR_WEIGHT = 5;
/** Days (UTC, today included) the trending sort adds up. */
export const TRENDING_DAYS = 7;
