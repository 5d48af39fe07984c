import { Button, makeStyles, SpinButton } from '@fluentui/react-components';
import { useState } from 'react';
import { useAddToCart } from './add-to-cart';
import { clampQuantity } from '../../shared/quantity';

const useStyles = makeStyles({
  controls: { display: 'flex', gap: '6px', alignItems: 'center' },
  stepper: { width: '88px' },
});

/** A row's quantity stepper and 加入购物车, named after the goods so each row's controls are told apart. */
export function BuyControls({ goods }: { goods: { id: string; name: string; stock: number; isBuyable: boolean } }) {
  const styles = useStyles();
  const [quantity, setQuantity] = useState(1);
  const { add, pending } = useAddToCart();
  const canBuy = goods.isBuyable && goods.stock > 0;
  return (
    <div className={styles.controls}>
      <SpinButton
        className={styles.stepper}
        aria-label={`${goods.name} 采购数量`}
        min={1}
        max={Math.max(1, goods.stock)}
        value={quantity}
        disabled={!canBuy}
        onChange={(_event, data) => {
          const typed = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
          setQuantity(clampQuantity(typed, goods.stock));
        }}
      />
      <Button appearance="primary" disabled={!canBuy || pending} onClick={() => void add(goods.id, quantity)}>
        加入购物车
      </Button>
    </div>
  );
}
