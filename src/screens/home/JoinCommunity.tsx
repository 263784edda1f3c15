// The "Join the Community" prompts for visitors (spec §2): a welcome at the top and a reminder below
// the feed, both offering Sign Up Free.
import type { DiscoverCard } from '@/data/queries/useDiscover'
import { Button } from '@/components/Button'
import { PolaroidFrame, cardTilt } from '@/components/PolaroidFrame'
import { StoredImage } from '@/components/StoredImage'
import styles from './JoinCommunity.module.css'

export function JoinCommunityHero({ onSignUp, samples }: { onSignUp: () => void; samples: DiscoverCard[] }) {
  return (
    <section className={styles.hero} aria-labelledby="join-heading">
      <div className={styles.copy}>
        <p className={styles.eyebrow} id="join-heading">
          Join the Community
        </p>
        <h2 className={styles.title}>Pin the looks you love. Build walls with friends.</h2>
        <p className={styles.text}>
          Collect outfit ideas on shared Mooris, cut clothes out of your photos and stick them anywhere. Free,
          and it works offline.
        </p>
        <div className={styles.buttons}>
          <Button variant="accent" onClick={onSignUp}>
            Sign Up Free
          </Button>
        </div>
      </div>
      <div className={styles.collage} aria-hidden="true">
        {samples.slice(0, 3).map(({ polaroid }, index) => (
          <div key={polaroid.id} className={styles.sample} data-index={index}>
            <PolaroidFrame tilt={cardTilt(polaroid.timestamp, 2) || (index - 1) * 4} tape={index === 1}>
              <StoredImage
                imagePath={polaroid.imagePath}
                externalUrl={polaroid.externalUrl}
                alt=""
                ratio={1}
                eager
                sizes="190px"
              />
            </PolaroidFrame>
          </div>
        ))}
      </div>
    </section>
  )
}

export function JoinCommunityBanner({ onSignUp }: { onSignUp: () => void }) {
  return (
    <section className={styles.banner} aria-labelledby="join-banner-heading">
      <div>
        <h2 className={styles.bannerTitle} id="join-banner-heading">
          Join the Community
        </h2>
        <p className={styles.text}>Save looks, start your own Mooris and add to your friends' walls.</p>
      </div>
      <Button variant="accent" onClick={onSignUp}>
        Sign Up Free
      </Button>
    </section>
  )
}
