import { formatUnits } from '@kaixiang/shared/money';

/** An amount in server units (1/10000 yuan), floored to 2 decimals (spec 1 §9). */
export function Price({ units, className }: { units: number; className?: string }) {
  return (
    <span className={`price ${className ?? ''}`}>
      <span className="price__sign">¥</span>
      {formatUnits(units)}
    </span>
  );
}
