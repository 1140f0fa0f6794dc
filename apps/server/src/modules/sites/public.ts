/**
 * What the sites module offers the other modules (decision 072): the timesheet import matches a file's
 * site column by name, the manpower report names its site, the demo data adds its sites as a user would.
 */
export { listSiteNames, siteNameKey } from './sites.repository.ts';
export { createSite, getSite } from './sites.service.ts';
