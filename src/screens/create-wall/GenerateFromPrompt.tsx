// "Generate from a prompt" (spec §1, §7): the product API assembles a moodboard Moori from public images
// and wardrobe items that match the words, and answers with its id. It needs the network, and says so.
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { useReplica } from '@/data/ReplicaContext'
import { ApiCallError } from '@/data/wardrobe/productApi'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { TextField } from '@/components/TextField'
import { useConnectivity } from '@/data/connectivity'
import styles from './CreateWallScreen.module.css'

const PROMPT_LIMIT = 200
const GENERATE_FAILED = 'Failed to create wall'

export function GenerateFromPrompt({ ownerId }: { ownerId: string }) {
  const { api } = useReplica()
  const { online } = useConnectivity()
  const navigate = useNavigate()
  const [prompt, setPrompt] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const tooLong = prompt.trim().length > PROMPT_LIMIT

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!prompt.trim() || tooLong || busy) return
    setBusy(true)
    setError(null)
    try {
      const wallId = await api.generateWall({ prompt: prompt.trim(), ownerId })
      void navigate(`/wall/${wallId}`)
    } catch (failure) {
      console.error('Could not generate a Moori', failure)
      // Offline says so; whatever the server refused is the spec's one message.
      setError(failure instanceof ApiCallError && failure.status === 0 ? failure.message : GENERATE_FAILED)
      setBusy(false)
    }
  }

  return (
    <section className={[styles.card, styles.generate].join(' ')} aria-labelledby="generate-heading">
      <h2 id="generate-heading" className={styles.subtitle}>
        <Icon name="sparkle" size={22} />
        Generate from a prompt
      </h2>
      <p className={styles.lede}>
        Describe a mood and we pin up to 12 matching looks from public Mooris and wardrobes onto a new Moori.
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Describe your Moori"
          name="prompt"
          placeholder="e.g. linen for a summer wedding"
          value={prompt}
          maxLength={PROMPT_LIMIT}
          error={tooLong ? 'Prompt is too long' : error}
          onChange={(e) => setPrompt(e.target.value)}
          autoComplete="off"
        />
        {!online && (
          <p className={styles.offline} role="status">
            <Icon name="cloudOff" size={18} />
            Generating a Moori needs an internet connection. You are offline right now.
          </p>
        )}
        <Button
          type="submit"
          variant="secondary"
          block
          disabled={!online || busy || !prompt.trim() || tooLong}
        >
          <Icon name="sparkle" size={18} />
          {busy ? 'Generating...' : 'Generate Moori'}
        </Button>
      </form>
    </section>
  )
}
