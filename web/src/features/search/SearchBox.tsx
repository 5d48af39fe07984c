import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons/svg/search';
import { useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SearchBy } from '../../gql/graphql';
import { SEARCH_MODES, searchPath, searchPlaceholder } from './search-modes';
import { bareButton } from '../../components/bare-button';
import type { SearchFormProps } from './SearchForm';

// The stand-in keeps the Fluent form's exact box sizes so nothing moves when the real one arrives.
const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '4px', flexGrow: 1, minWidth: 0, maxWidth: '560px' },
  switch: { display: 'flex', gap: '2px', height: '24px' },
  mode: {
    ...bareButton,
    minWidth: '64px',
    padding: '0 8px',
    fontSize: tokens.fontSizeBase200,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
  },
  modeOn: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  row: { display: 'flex', alignItems: 'stretch', minWidth: 0, height: '32px' },
  input: {
    flexGrow: 1,
    minWidth: 0,
    boxSizing: 'border-box',
    padding: '0 10px',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: `${tokens.borderRadiusMedium} 0 0 ${tokens.borderRadiusMedium}`,
  },
  submit: {
    ...bareButton,
    minWidth: '96px',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: `0 ${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0`,
    // Fluent's Button lays its icon out so: the stand-in looks the same before the Fluent form replaces it.
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '6px',
  },
  icon: { fontSize: '20px', width: '20px', height: '20px' },
});

/**
 * The header's search. A plain form with the Fluent form's roles, names and sizes renders first (on the server too,
 * so the HTML's search works as soon as the page is hydrated) and already searches; the Fluent form (mode switch,
 * Combobox with suggestions, button) is fetched once the page is up and replaces it (ADR 0302, ADR 0310).
 */
export function SearchBox() {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  // Arriving on a results page (a shared link, a reload), the box shows what was searched.
  const [text, setText] = useState(() =>
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('keyword') ?? '') : '',
  );
  const [by, setBy] = useState<SearchBy>(() =>
    new URLSearchParams(location.search).get('by') === 'MANUFACTURER' ? 'MANUFACTURER' : 'NAME',
  );
  const [focused, setFocused] = useState(false);
  const [SearchForm, setSearchForm] = useState<ComponentType<SearchFormProps> | null>(null);
  // The stand-in stays (the same element, keeping focus and what was typed) until the Fluent form's code is here;
  // then one plain update swaps them and the form takes the focus over. Neither Suspense nor a transition: rendered
  // lazily on the server, the form would stay inert HTML until its code arrived, and a navigation started meanwhile
  // (Enter in the stand-in) must not wait for it. Offline, the stand-in simply stays.
  useEffect(() => {
    let mounted = true;
    import('./SearchForm').then(
      (module) => mounted && setSearchForm(() => module.default),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);

  const search = (keyword: string) => {
    const trimmed = keyword.trim();
    if (trimmed === '') return;
    setText(trimmed);
    void navigate(searchPath(trimmed, by));
  };

  const standIn = (
    // SEARCH-15: before the script runs, the browser sends this form itself: to the search page, with its word.
    <form
      className={styles.form}
      role="search"
      action="/search"
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <div className={styles.switch} role="group" aria-label="搜索方式">
        {SEARCH_MODES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={mergeClasses(styles.mode, by === value && styles.modeOn)}
            aria-pressed={by === value}
            onClick={() => setBy(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className={styles.row}>
        <input
          className={styles.input}
          role="combobox"
          aria-label="搜索"
          aria-expanded={false}
          aria-autocomplete="list"
          placeholder={searchPlaceholder(by)}
          name="keyword"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <input type="hidden" name="by" value={by} />
        <button type="submit" className={styles.submit}>
          <SearchRegular className={styles.icon} aria-hidden />
          搜索
        </button>
      </div>
    </form>
  );

  return SearchForm === null ? (
    standIn
  ) : (
    <SearchForm text={text} by={by} autoFocus={focused} onTextChange={setText} onByChange={setBy} onSearch={search} />
  );
}
