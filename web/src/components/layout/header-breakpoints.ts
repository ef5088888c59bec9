/**
 * Where the header changes shape. From `wideHeaderQuery` up (the width at
 * which the .container reaches its full 72rem) every link and action fits in
 * one row, an admin's too, the longest (about 1,040 px of 1,120); below it the
 * bar keeps the site name, search and one or two actions, and the rest is in
 * the menu. From `searchFieldQuery` up the search is a field in the bar, below
 * it a button that opens one.
 */
export const wideHeaderQuery = "(min-width: 72rem)";
export const searchFieldQuery = "(min-width: 48rem)";
