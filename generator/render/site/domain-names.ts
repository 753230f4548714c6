/** The names the site gives the API's domains, in the coverage and vintage tables. */

export const DOMAIN_NAMES: Record<string, string> = {
  anagrafica: 'Anagrafica',
  demografia: 'Demografia',
  redditi: 'Redditi',
  ambiente: 'Ambiente',
  servizi: 'Servizi',
  sicurezza: 'Sicurezza',
  qualita_vita: 'Qualità della vita',
};
