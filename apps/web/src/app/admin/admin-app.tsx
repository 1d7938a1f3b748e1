import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { Loading } from '../../components/loading'
import { useSession } from '../../data/auth'
import { AuditPage } from '../../features/admin/audit/audit-page'
import { CategoryListPage } from '../../features/admin/categories/category-list-page'
import { ClaimDetailPage } from '../../features/admin/claims/claim-detail-page'
import { ClaimQueuePage } from '../../features/admin/claims/claim-queue-page'
import { ClaimSettingsPage } from '../../features/admin/claims/claim-settings-page'
import { CouponListPage } from '../../features/admin/coupons/coupon-list-page'
import { DashboardPage } from '../../features/admin/dashboard/dashboard-page'
import { DeliveriesPage } from '../../features/admin/deliveries/deliveries-page'
import { DeliveryPage } from '../../features/admin/delivery/delivery-page'
import { CashPage } from '../../features/admin/dispatch/cash-page'
import { ChallansPage } from '../../features/admin/dispatch/challans-page'
import { DispatchPage } from '../../features/admin/dispatch/dispatch-page'
import { ConversationListPage } from '../../features/admin/messages/conversation-list-page'
import { ConversationPage } from '../../features/admin/messages/conversation-page'
import { EditDraftPage } from '../../features/admin/order-desk/edit-draft-page'
import { NewOrderPage } from '../../features/admin/order-desk/new-order-page'
import { OrderDetailPage } from '../../features/admin/orders/order-detail-page'
import { OrderListPage } from '../../features/admin/orders/order-list-page'
import { PaymentSettingsPage } from '../../features/admin/payment-settings/payment-settings-page'
import { PeoplePage } from '../../features/admin/people/people-page'
import { ProductFormPage } from '../../features/admin/products/product-form-page'
import { ProductListPage } from '../../features/admin/products/product-list-page'
import { ReportsPage } from '../../features/admin/reports/reports-page'
import { LocationsPage } from '../../features/admin/stock/locations-page'
import { LowStockPage } from '../../features/admin/stock/low-stock-page'
import { StoreDetailsPage } from '../../features/admin/store-details/store-details-page'
import { backOfficeHome } from '../../lib/back-office'
import { RequireStaff } from '../guards'
import { AdminLayout } from './admin-layout'
import { RequirePermission } from './require-permission'

// The QR code's library is needed on this one page only: it comes with the page, when it is opened.
const TwoFactorPage = lazy(async () => ({
  default: (await import('../../features/admin/two-factor/two-factor-page')).TwoFactorPage,
}))

/** The first page the user's role opens: /adminuser/ and unknown back-office paths lead there. */
function ToHome() {
  const { user } = useSession()
  return <Navigate to={backOfficeHome(user?.role)} replace />
}

/**
 * The back office: its own layout and routes, in a chunk shoppers never download. Each group of pages
 * needs its permission of the contract's table.
 */
export function AdminApp() {
  return (
    <RequireStaff>
      <Routes>
        {/* The challans print on their own, without the back office's frame. */}
        <Route element={<RequirePermission permission="orders" />}>
          <Route path="dispatch/runs/:runId/print" element={<ChallansPage />} />
        </Route>
        <Route element={<AdminLayout />}>
          <Route index element={<ToHome />} />
          <Route element={<RequirePermission permission="sales" />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="reports" element={<ReportsPage />} />
          </Route>
          <Route element={<RequirePermission permission="catalogue" />}>
            <Route path="products" element={<ProductListPage />} />
            <Route path="products/new" element={<ProductFormPage />} />
            <Route path="products/edit/:productId" element={<ProductFormPage />} />
            <Route path="categories" element={<CategoryListPage />} />
            <Route path="locations" element={<LocationsPage />} />
            <Route path="low-stock" element={<LowStockPage />} />
          </Route>
          <Route element={<RequirePermission permission="orders" />}>
            <Route path="orders" element={<OrderListPage />} />
            <Route path="orders/new" element={<NewOrderPage />} />
            <Route path="orders/:orderId" element={<OrderDetailPage />} />
            <Route path="orders/:orderId/edit" element={<EditDraftPage />} />
            <Route path="claims" element={<ClaimQueuePage />} />
            <Route path="claims/:claimId" element={<ClaimDetailPage />} />
            <Route path="dispatch" element={<DispatchPage />} />
            <Route path="dispatch/cash" element={<CashPage />} />
          </Route>
          <Route element={<RequirePermission permission="dispatch" />}>
            <Route path="deliveries" element={<DeliveriesPage />} />
          </Route>
          <Route element={<RequirePermission permission="messages" />}>
            <Route path="messages" element={<ConversationListPage />} />
            <Route path="messages/:conversationId" element={<ConversationPage />} />
          </Route>
          <Route element={<RequirePermission permission="settings" />}>
            <Route path="coupons" element={<CouponListPage />} />
            <Route path="delivery-zones" element={<DeliveryPage />} />
            <Route path="payment-rules" element={<PaymentSettingsPage />} />
            <Route path="store-details" element={<StoreDetailsPage />} />
            <Route path="claims/settings" element={<ClaimSettingsPage />} />
          </Route>
          <Route element={<RequirePermission permission="people" />}>
            <Route path="people" element={<PeoplePage />} />
          </Route>
          <Route element={<RequirePermission permission="audit" />}>
            <Route path="audit" element={<AuditPage />} />
          </Route>
          <Route
            path="two-factor"
            element={
              <Suspense fallback={<Loading />}>
                <TwoFactorPage />
              </Suspense>
            }
          />
          <Route path="*" element={<ToHome />} />
        </Route>
      </Routes>
    </RequireStaff>
  )
}
