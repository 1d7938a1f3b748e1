import { paths } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, renderApp, reply, serveApi } from '../../test/app'

describe('the login page', () => {
  it('keeps its texts and links to the forgotten-password page', async () => {
    serveApi([])
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Forgot password?' }))
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
  })
})

describe('/forgot-password', () => {
  it('asks for the link and says the same whatever the email', async () => {
    const api = serveApi([answer(paths.auth.passwordReset, undefined)])
    renderApp('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(
      await screen.findByText(/If an account uses nobody@example.com, we have emailed it a link/),
    ).toBeInTheDocument()
    expect(api.callsTo(paths.auth.passwordReset)[0]?.body).toEqual({ email: 'nobody@example.com' })
  })

  it('checks the email before sending and shows a refusal such as the rate limit', async () => {
    const api = serveApi([
      answer(
        paths.auth.passwordReset,
        reply(429, { detail: 'Too many requests. Please wait and try again.' }),
      ),
    ])
    renderApp('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
    expect(api.callsTo(paths.auth.passwordReset)).toHaveLength(0)
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'amna@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Too many requests. Please wait and try again.')).toBeInTheDocument()
  })
})

describe('/reset-password', () => {
  it('sets the new password with the token and links to log in', async () => {
    const api = serveApi([answer(paths.auth.passwordResetConfirm, undefined)])
    renderApp('/reset-password?token=abc_DEF-123')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('New password'), 'a-new-password')
    await user.type(screen.getByLabelText('Confirm new password'), 'a-different-one')
    await user.click(screen.getByRole('button', { name: 'Set New Password' }))
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument()
    expect(api.callsTo(paths.auth.passwordResetConfirm)).toHaveLength(0)

    await user.clear(screen.getByLabelText('Confirm new password'))
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password')
    await user.click(screen.getByRole('button', { name: 'Set New Password' }))
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(api.callsTo(paths.auth.passwordResetConfirm)[0]?.body).toEqual({
      token: 'abc_DEF-123',
      password: 'a-new-password',
    })
  })

  it("shows the server's sentence for an expired or used link", async () => {
    serveApi([
      answer(
        paths.auth.passwordResetConfirm,
        reply(400, { detail: 'This reset link has expired or was already used.' }),
      ),
    ])
    renderApp('/reset-password?token=old')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('New password'), 'a-new-password')
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password')
    await user.click(screen.getByRole('button', { name: 'Set New Password' }))
    expect(await screen.findByText('This reset link has expired or was already used.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('says when the link has no token', async () => {
    serveApi([])
    renderApp('/reset-password')
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByLabelText('New password')).toBeNull())
  })
})
