// PRODUCTS AREA — placeholder until the Products issue (upload, processing, item cards, review modal).
// For now it holds its place on the profile: the sign-in prompt for visitors (spec §2) and, for
// signed-in users, the wardrobe counts (items, tags, categories).
import { useAccount } from '@/auth/useAccount'
import { useWardrobe } from '@/data/queries/useWardrobe'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import styles from './ProfileScreen.module.css'

export const PRODUCTS_SIGN_IN = 'Sign in to access your products'

export function ProductsSection({ ownerId, onSignIn }: { ownerId: string; onSignIn: () => void }) {
  const account = useAccount()
  const wardrobe = useWardrobe(account.status === 'signedIn' ? ownerId : null)
  const signedIn = account.status === 'signedIn'
  const categories = Object.entries(wardrobe?.stats.categories ?? {}).sort((a, b) => b[1] - a[1])
  return (
    <section className={styles.products} aria-labelledby="products-heading" data-testid="products-area">
      <h2 id="products-heading" className={styles.sectionTitle}>
        <Icon name="shirt" size={22} />
        Products
      </h2>
      {!signedIn ? (
        <div className={styles.productsPrompt}>
          <p>{PRODUCTS_SIGN_IN}</p>
          <Button variant="primary" size="small" onClick={onSignIn}>
            Sign In
          </Button>
        </div>
      ) : (
        <>
          <dl className={styles.stats}>
            <div>
              <dt>Items</dt>
              <dd>{wardrobe?.stats.totalItems ?? 0}</dd>
            </div>
            <div>
              <dt>Tags</dt>
              <dd>{wardrobe?.stats.totalTags ?? 0}</dd>
            </div>
          </dl>
          {categories.length > 0 && (
            <ul className={styles.categories} aria-label="Categories">
              {categories.map(([category, count]) => (
                <li key={category}>
                  {category} <span>{count}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
