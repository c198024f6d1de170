import { CloseCircleFilled } from '../../../components/icons';

/**
 * antd's Input.Search without antd (the service list's keyword, the search page's box): a search
 * landmark named `label`, the field named `fieldLabel` with its clear button, and 搜索. `large`
 * is antd's size large.
 */
export function SearchBox({
  value,
  onChange,
  onSearch,
  label,
  fieldLabel,
  placeholder,
  className,
  large = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onSearch: (value: string) => void;
  label: string;
  fieldLabel: string;
  placeholder: string;
  className: string;
  large?: boolean;
}) {
  return (
    <form
      className={`${className} plain-search${large ? ' plain-search-lg' : ''}`}
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value);
      }}
    >
      <span className="plain-search-field">
        <input type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} aria-label={fieldLabel} maxLength={50} />
        {value ? (
          <button type="button" className="plain-search-clear" aria-label="清除关键词" onClick={() => onChange('')}>
            <CloseCircleFilled />
          </button>
        ) : null}
      </span>
      <button type="submit" className="plain-search-button">
        搜索
      </button>
    </form>
  );
}
