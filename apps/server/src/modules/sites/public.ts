/**
 * What the sites module offers the other modules (decision 072): the timesheet import matches a file's
 * site column by name, the manpower report names its site.
 */
export { listSiteNames, siteNameKey } from './sites.repository.ts';
export { getSite } from './sites.service.ts';
