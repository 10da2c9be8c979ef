/**
 * The battle and turntable verifiers' form: one number (a room, a round) and a button; and the
 * line a refusal shows under it.
 */
export function NumberLookupForm(props: {
  inputId: string;
  label: string;
  submit: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  running: boolean;
}) {
  return (
    <form
      className="verifier__form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(props.value);
      }}
    >
      <div className="verifier__field">
        <label htmlFor={props.inputId}>{props.label}</label>
        <input
          id={props.inputId}
          className="fair-input"
          inputMode="numeric"
          autoComplete="off"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
      <div className="verifier__submit">
        <button type="submit" className="button button--primary" disabled={props.running}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}

export function LookupError({ text }: { text: string }) {
  return (
    <p className="fair-error" role="alert">
      {text}
    </p>
  );
}
