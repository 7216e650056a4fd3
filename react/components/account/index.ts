/**
 * The account's product pages (§2 clientDigitalContent, clientWatchdog, clientRankingList) and the product page's
 * watchdog form.
 *
 * @module
 */
export { DigitalContent, licenseKeysKey, type DigitalContentProps } from "./DigitalContent.tsx"
export { Rankings, type RankingsProps } from "./Rankings.tsx"
export { WatchProduct, Watchdogs, type WatchdogsProps, type WatchProductProps } from "./Watchdogs.tsx"
