/** ISO 3166-1 alpha-2 codes of the countries a customer can name; the names come from Intl. */
const CODES = (
  'AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO BN BG BF BI ' +
  'CV KH CM CA KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FK FO ' +
  'FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD GP GU GT GG GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IM IL IT ' +
  'JM JP JE JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ' +
  'ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF MK MP NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW ' +
  'BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS SS ES LK SD SR SJ SE CH SY TW TJ TZ TH TL ' +
  'TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW'
).split(' ');

const FALLBACK_CODE = 'MY';

function regionNames(): (code: string) => string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

const nameOf = regionNames();

/** Every country's English name, sorted: the searchable lists' options. */
export const COUNTRY_NAMES: readonly string[] = [...new Set(CODES.map(nameOf))].sort((a, b) => a.localeCompare(b));

/**
 * The sensible default: the country of the browser's locale (en-MY -> Malaysia), else the
 * platform's home market. The customer changes it in one search.
 */
export function defaultCountry(languages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && CODES.includes(region)) return nameOf(region);
    } catch {
      // An odd tag: try the next.
    }
  }
  return nameOf(FALLBACK_CODE);
}
