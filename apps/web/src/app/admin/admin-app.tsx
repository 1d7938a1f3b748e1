import { Navigate, Route, Routes } from 'react-router'
import { CategoryListPage } from '../../features/admin/categories/category-list-page'
import { CouponListPage } from '../../features/admin/coupons/coupon-list-page'
import { DashboardPage } from '../../features/admin/dashboard/dashboard-page'
import { DeliveryPage } from '../../features/admin/delivery/delivery-page'
import { ConversationListPage } from '../../features/admin/messages/conversation-list-page'
import { ConversationPage } from '../../features/admin/messages/conversation-page'
import { OrderDetailPage } from '../../features/admin/orders/order-detail-page'
import { OrderListPage } from '../../features/admin/orders/order-list-page'
import { ProductFormPage } from '../../features/admin/products/product-form-page'
import { ProductListPage } from '../../features/admin/products/product-list-page'
import { RequireStaff } from '../guards'
import { AdminLayout } from './admin-layout'

/** The back office: its own layout and routes, in a chunk shoppers never download. */
export function AdminApp() {
  return (
    <RequireStaff>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="products" element={<ProductListPage />} />
          <Route path="products/new" element={<ProductFormPage />} />
          <Route path="products/edit/:productId" element={<ProductFormPage />} />
          <Route path="categories" element={<CategoryListPage />} />
          <Route path="orders" element={<OrderListPage />} />
          <Route path="orders/:orderId" element={<OrderDetailPage />} />
          <Route path="coupons" element={<CouponListPage />} />
          <Route path="delivery-zones" element={<DeliveryPage />} />
          <Route path="messages" element={<ConversationListPage />} />
          <Route path="messages/:conversationId" element={<ConversationPage />} />
          <Route path="*" element={<Navigate to="dashboard" replace />} />
        </Route>
      </Routes>
    </RequireStaff>
  )
}
